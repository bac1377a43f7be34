"""Line of sight, concealment and recon reach (DG-16, DG-10.2, DG-4.3, DG-23.5).

LOS exists only between hexes in line (DG-3.8) and is judged on the hexes
strictly between them; it is symmetric. It runs through the shared
:func:`core.grid.los.line_of_sight` on the core board of the game's size
(:func:`rulesets.duel_of_the_giants.landscape.sight_board`) with
:class:`DuelSight`, DG-16 as a core LOS policy. Concealment is a property of
the *target* (forest, snowdrift) and is separate from LOS.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence, Set
from typing import TYPE_CHECKING

from core.errors import TanktableError
from core.grid.hexboard import HexBoard
from core.grid.los import Blocker, LosResult, line_of_sight
from rulesets.duel_of_the_giants.board import Pos, geometry
from rulesets.duel_of_the_giants.landscape import board_terrain, sight_board
from rulesets.duel_of_the_giants.settings import TerrainType

if TYPE_CHECKING:
    from rulesets.duel_of_the_giants.game import DuelGame


class DuelSight:
    """DG-16 as a :class:`core.grid.los.LosPolicy`, judged on the game's live terrain and pieces.

    Two hexes not in line have no LOS (DG-3.8); between hexes in line the
    hexes strictly between are judged by :func:`first_blocker`, and the
    verdict names what blocks and the rule.
    """

    __slots__ = ("blockers", "game")

    def __init__(self, game: DuelGame, blockers: set[Pos] | None = None):
        self.game = game
        self.blockers = game.los_blockers() if blockers is None else blockers

    def judge(self, board: HexBoard, line: Sequence[int]) -> LosResult:
        g = self.game
        cols = board.columns
        cells = tuple(line)
        a, b = cells[0], cells[-1]
        if -1 in cells:
            return LosResult(Blocker("line", (a, b), "no straight hex row (not in line)", "DG-3.8"), 0, cells)
        pa, pb = (a % cols + 1, a // cols + 1), (b % cols + 1, b // cols + 1)
        if a != b and g.geo.direction(pa, pb) is None:
            return LosResult(Blocker("line", (a, b), "no straight hex row (not in line)", "DG-3.8"), 0, cells)
        hg = g.tt(pa).high_ground or g.tt(pb).high_ground
        between = ((c % cols + 1, c // cols + 1) for c in cells[1:-1])
        found = first_blocker(g, between, hg, self.blockers)
        if found is not None:
            p, rule = found
            c = (p[1] - 1) * cols + p[0] - 1
            if rule == "DG-16.4":
                what = "grounded Stuka" if g.grounded_stuka_at(p) else "tank"
            else:
                what = _name(g, p)
            return LosResult(Blocker("hex", (c,), what, rule), 0, cells)
        return LosResult(None, 0, cells)


class MapField:
    """A bare map's landscape as :class:`DuelSight` reads a game's: terrain by hex,
    the board geometry, no pieces and no Stuka. For judging sight on a map file
    by DG-16 outside a game (``tanktable hex los MAP A B --rules duel-of-the-giants``)."""

    def __init__(self, board: HexBoard, terrain: Mapping[str, TerrainType]):
        unknown = sorted(set(board.terrain_ids) - set(terrain))
        if unknown:
            raise TanktableError(f"{board.name}: terrain {', '.join(unknown)} is not Duel of the Giants "
                                 f"terrain ({', '.join(sorted(terrain))})")
        self.geo = geometry(board.columns, board.rows)
        self.types = terrain
        self.terrain = board_terrain(board, terrain)
        printed = [t for t in board.terrain_ids if terrain[t].printed]
        self.base_terrain = max(set(printed), key=printed.count) if printed else "steppe"

    def tt(self, p: Pos) -> TerrainType:
        return self.types[self.terrain.get(p, self.base_terrain)]

    def grounded_stuka_at(self, p: Pos) -> bool:
        return False


def map_sight(board: HexBoard, terrain: Mapping[str, TerrainType]) -> tuple[HexBoard, DuelSight]:
    """DG-16 on a map file: the game's line board of that size and the policy."""
    field = MapField(board, terrain)
    return sight_board(board.columns, board.rows), DuelSight(field, set())  # type: ignore[arg-type]


def _name(g: DuelGame, p: Pos) -> str:
    return g.terrain.get(p, g.base_terrain).replace("_", " ")


def sight(g: DuelGame, a: Pos, b: Pos, blockers: set[Pos] | None = None) -> LosResult:
    """The full verdict (what blocks, the line) from the core machinery with DG's policy."""
    geo = g.geo
    board = sight_board(geo.columns, geo.rows)
    cols = geo.columns
    ca = (a[1] - 1) * cols + a[0] - 1
    cb = (b[1] - 1) * cols + b[0] - 1
    return line_of_sight(board, ca, cb, DuelSight(g, blockers))


def has_los(g: DuelGame, a: Pos, b: Pos) -> bool:
    """DG-16.1-16.6: forest, high ground, tanks, snowdrifts and a grounded Stuka block.

    Same and adjacent hexes see each other and hexes not in line never do
    (DG-3.8): those are answered from the precomputed geometry without drawing
    a line; every other pair goes through :func:`sight`."""
    if a == b:
        return True
    geo = g.geo
    if geo.direction(a, b) is None:
        return False
    if geo.distance(a, b) == 1:
        return True
    return clear_between(g, a, b, g.los_blockers())


def clear_between(g: DuelGame, a: Pos, b: Pos, blockers: Set[Pos]) -> bool:
    """Whether nothing blocks the LOS between two in-line hexes: :class:`DuelSight`'s
    verdict on the hexes strictly between them, read from the board's rays.

    Between two hexes in line both of the core's candidate lines are that ray
    (tests/duel_of_the_giants/test_los_fast.py checks every pair of both board
    sizes), so this is :func:`sight` without drawing the line: the AI's
    evaluation asks it for every pair of opposing units after every candidate."""
    hg = g.tt(a).high_ground or g.tt(b).high_ground
    return first_blocker(g, g.geo.between(a, b), hg, blockers) is None


def first_blocker(g: DuelGame | MapField, between: Iterable[Pos], high: bool,
                  blockers: Set[Pos]) -> tuple[Pos, str] | None:
    """The first hex of ``between`` (the hexes strictly between two ends, in order)
    that blocks LOS by DG-16, with the rule, or ``None``. ``high``: an end is on
    high ground. The one per-hex judgement of DG-16, for :class:`DuelSight` and
    :func:`clear_between` alike.

    High ground blocks, even from high ground (DG-16.2); a snowdrift blocks
    unless an end is high (DG-16.5); a forest blocks, from high ground the
    second one (DG-16.1, DG-16.3); a tank, wreck or grounded Stuka blocks unless
    an end is high (DG-16.4, DG-13.10).
    """
    tt = g.tt
    limit = 2 if high else 1
    forests = 0
    for p in between:
        t = tt(p)
        if t.high_ground:
            return p, "DG-16.2"
        if t.snowdrift and not high:
            return p, "DG-16.5"
        if t.blocks_los:
            forests += 1
            if forests >= limit:
                return p, "DG-16.3" if high else "DG-16.1"
        if p in blockers and not high:
            return p, "DG-16.4"
    return None


def concealed(g: DuelGame, target: Pos, shooter: Pos, uid: str | None = None, stuka: bool = False) -> bool:
    """DG-16.7: can the unit at ``target`` NOT be targeted from ``shooter``?"""
    if uid is not None and uid in g.exposed:
        return False  # it fired in this phase D (DG-17.12)
    t = g.tt(target)
    if t.snowdrift:
        return not stuka  # DG-23.5
    if t.conceals:
        return not g.geo.adjacent(target, shooter)  # DG-4.3.2
    return False


def recon_range(g: DuelGame, observer: Pos, soviet: bool = False) -> int:
    """DG-10.2: 2 hexes, 3 from high ground (DG-4.4.3; T-34s per DG-AMB-51)."""
    r = g.cfg.rules.recon
    bonus = r.high_ground_bonus if g.tt(observer).high_ground else 0
    if soviet and not r.t34_high_ground_bonus:
        bonus = 0
    return r.range + bonus


def on_barrel(g: DuelGame, observer: Pos, barrel: int, target: Pos, reach: int) -> bool:
    return g.geo.direction(observer, target) == barrel and g.geo.distance(observer, target) <= reach


def sees_marker(g: DuelGame, observer: Pos, barrel: int, target: Pos, forced: bool = False) -> bool:
    """Tiger/ATG recon geometry (DG-10.2); ``forced`` ignores forest (DG-9.6)."""
    if not on_barrel(g, observer, barrel, target, recon_range(g, observer)):
        return False
    if not forced:
        t = g.tt(target)
        if not t.marker_recon or t.snowdrift:
            return False
    return has_los(g, observer, target)
