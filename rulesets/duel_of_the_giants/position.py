"""Position documents of Duel of the Giants (``kind: position``): any reachable state.

A position is the omniscient state of a game: every tank, marker, ATG, mine,
the Stuka and the drop markers with all their fields (identities included,
revealed or not), the Tigers' programs, the VP, the round, step and sub-step
of the sequence of play (DG-8) with the bookkeeping of the phase under way,
and the state of a ground combat in progress (DG-17). ``to_move`` and
``decision`` say whose decision it is and what kind; they follow from the
rest and are checked on loading. The user's guide is
``docs/positions/duel-of-the-giants.md``.

Pieces keep their ids (``tiger1``, ``t34-3``, ``m7``, ``atg2``, ``mine4``),
so that the pieces named by the phase and combat bookkeeping can be found
again; in a hand-written position an id may be left out and is then given in
order of the list.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field

from core.data import DataModel, Problem
from core.errors import TanktableError
from rulesets.duel_of_the_giants.board import FACINGS, Pos, label, parse_hex
from rulesets.duel_of_the_giants.combat import CombatState
from rulesets.duel_of_the_giants.pieces import Atg, Drift, Marker, Mine, Stuka, Tank, VPEvent
from rulesets.duel_of_the_giants.settings import Facing

if TYPE_CHECKING:
    from rulesets.duel_of_the_giants.game import DuelGame

Side = Literal["german", "soviet"]
Step = Literal["S1", "S2", "S3", "S4", "O1", "O2", "O3", "O4",
               "A1a", "A1b", "A2", "A3", "A4", "B1", "B2", "B3", "B4",
               "C1", "C2", "C3", "D1", "D2", "D3", "D4", "D5", "D6", "D7"]


class TankEntry(DataModel):
    kind: Literal["tiger", "t34"]
    number: int = Field(ge=1)
    at: str
    hull: Facing
    turret: Facing
    owner: str = Field(description="The player who commands it (a name of the game's players).")
    track: int = Field(default=5, ge=1, description="A Tiger's damage track (DG-11.8).")
    destroyed: bool = False
    first_b: int = Field(default=0, ge=0, description="A T-34: the first phase B in which it may move (DG-9.8).")


class MarkerEntry(DataModel):
    id: str | None = None
    at: str
    wheel: bool = Field(description="True: a real (wheel) marker hiding a T-34; false: a bluff (DG-9).")
    owner: str


class AtgEntry(DataModel):
    id: str | None = None
    at: str
    kind: Literal["pak88", "pak36", "bluff"]
    facing: Facing
    face_up: bool = False
    tire: Literal["moving", "standing"] | None = None
    tire_round: int = Field(default=0, ge=0)
    destroyed: bool = False


class MineEntry(DataModel):
    id: str | None = None
    at: str
    real: bool
    face_up: bool = False


class StukaEntry(DataModel):
    owner: str
    airfield: str
    at: str
    facing: Facing
    state: Literal["ground", "flying", "landed", "forced", "destroyed"] = "ground"
    flight_phase: int = Field(default=0, ge=0)
    actions_left: int = Field(default=0, ge=0)
    attacked: bool = False


class DriftEntry(DataModel):
    at: str
    drops: int = Field(ge=1, le=2)
    entered_phase: int = Field(ge=0)
    by: str


class VPEntry(DataModel):
    side: Side
    amount: int
    reason: str
    round: int = Field(ge=0)


class VPState(DataModel):
    net: int = Field(default=0, description="The VP bar: positive = German ahead (DG-6.2).")
    round: dict[str, int] = Field(default_factory=lambda: {"german": 0, "soviet": 0},
                                  description="VP of each side this round, not yet on the bar (DG-6.1).")
    events: list[VPEntry] = Field(default_factory=list)


class TurnState(DataModel):
    """Where the sequence of play (DG-8) stands and the bookkeeping of the phase under way."""

    round: int = Field(default=1, ge=0)
    step: Step
    sub: int = Field(default=0, ge=0, description="Which player of the side decides in a shared step.")
    phase_seq: int = Field(default=1, ge=0, description="Phases played so far (timing of snowdrifts, DG-23.6).")
    b_started: int = Field(default=0, ge=0, description="Phases B begun so far (DG-9.8).")
    moved_markers: list[str] = Field(default_factory=list)
    activated_now: list[str] = Field(default_factory=list)
    pending_orient: list[str] = Field(default_factory=list)
    active_t34: str | None = None
    ma_left: int = Field(default=0, ge=0)
    t34_stopped: bool = False
    t34_started: bool = False
    t34_done: list[str] = Field(default_factory=list)
    turret_set: bool = Field(default=False, description="The moving T-34 has just set its turret (DG-15.6).")
    faced: list[str] = Field(default_factory=list, description="ATG markers turned in this step A2 (DG-8.2).")
    exposed: list[str] = Field(default_factory=list)
    damaged_this_d: dict[str, int] = Field(default_factory=dict)
    to_haul: list[str] = Field(default_factory=list)
    to_place: dict[str, dict[str, int]] = Field(default_factory=dict)
    tile_turn: Side = "soviet"
    t34_count: int | None = Field(
        default=None, ge=0, description="T-34s activated so far, those gone from the board included: the next one "
        "takes number t34_count + 1 (DG-15.1). At least the highest T-34 number on the board; left out, it is that "
        "number.")
    executed: list[int] = Field(default_factory=list)
    finished: str | None = None


class CombatEntry(DataModel):
    """A ground combat in progress (DG-17): the stage, who declares next, what is declared."""

    stage: int = Field(ge=-1)
    queue: list[str] = Field(default_factory=list)
    options: dict[str, list[str]] = Field(default_factory=dict)
    declared: dict[str, str | None] = Field(default_factory=dict)
    pairs: list[tuple[str, str, Literal["A", "B", "C"]]] = Field(default_factory=list)
    priority: list[tuple[str, str]] = Field(default_factory=list)
    shots_at: dict[str, list[str]] = Field(default_factory=dict)
    fired: list[str] = Field(default_factory=list)


class PositionFile(DataModel):
    ruleset: Literal["duel-of-the-giants"]
    kind: Literal["position"]
    name: str | None = None
    scenario: str = Field(default="summer", description="The shipped scenario whose components, season and "
                          "board the position uses.")
    options: dict[str, Any] = Field(default_factory=dict,
                                    description="The game's options, flat (players, setup, section.key settings).")
    to_move: str | None = Field(default=None, description="Who decides next (checked; a player's name).")
    decision: str | None = Field(default=None, description="What kind of decision is due (checked).")
    landscape: list[str] = Field(description="One line per row, north first, in the season's letters.")
    front_laid: list[str] = Field(description="The front as laid in set-up phase 2: it divides the sides (DG-3.11).")
    front: list[str] = Field(description="Front elements still on the board (DG-5.5 removes them).")
    tanks: list[TankEntry] = Field(default_factory=list)
    markers: list[MarkerEntry] = Field(default_factory=list)
    atgs: list[AtgEntry] = Field(default_factory=list)
    mines: list[MineEntry] = Field(default_factory=list)
    stuka: StukaEntry | None = None
    drifts: list[DriftEntry] = Field(default_factory=list)
    programs: dict[int, list[str]] = Field(default_factory=dict, description="Tiger number -> its cards (DG-11).")
    draft: list[str] = Field(default_factory=list, description="Phase A4: the cards laid so far on the stack of "
                             "the Tiger being programmed, the first without a program (DG-11.2).")
    vp: VPState = Field(default_factory=VPState)
    medals: dict[str, int] = Field(default_factory=dict)
    turn: TurnState
    combat: CombatEntry | None = None


# ------------------------------------------------------------------ writing
def position_of(g: DuelGame) -> dict[str, Any]:
    """The state of ``g`` as plain YAML-safe data that validates as :class:`PositionFile`."""
    name = g.players.__getitem__
    letters = {k: t.letter for k, t in g.cfg.terrain.items()}
    grid = ["".join(letters[g.terrain.get((c, r), g.base_terrain)] for c in range(1, g.geo.columns + 1))
            for r in range(1, g.geo.rows + 1)]
    tanks = []
    for t in g.tanks.values():
        entry: dict[str, Any] = {"kind": "tiger" if t.is_tiger else "t34", "number": t.number, "at": label(t.pos),
                                 "hull": FACINGS[t.hull], "turret": FACINGS[t.turret], "owner": name(t.owner),
                                 "track": t.track, "destroyed": t.destroyed, "first_b": t.first_b}
        tanks.append(entry)
    s = g.stuka
    c = g.combat
    out: dict[str, Any] = {
        "ruleset": g.ruleset_id,
        "kind": "position",
        "scenario": g.cfg.scenario.name,
        "options": dict(g.options),
        "to_move": None if g.finished else name(g.to_move()),
        "decision": g.decision(),
        "landscape": grid,
        "front_laid": sorted_hexes(g.front if g.step in ("S1", "S2") else _laid_front(g)),
        "front": sorted_hexes(g.front),
        "tanks": tanks,
        "markers": [{"id": m.id, "at": label(m.pos), "wheel": m.wheel, "owner": name(m.owner)}
                    for m in g.markers.values()],
        "atgs": [{"id": a.id, "at": label(a.pos), "kind": a.kind, "facing": FACINGS[a.facing], "face_up": a.face_up,
                  "tire": a.tire, "tire_round": a.tire_round, "destroyed": a.destroyed} for a in g.atgs.values()],
        "mines": [{"id": m.id, "at": label(m.pos), "real": m.real, "face_up": m.face_up} for m in g.mines.values()],
        "stuka": None if s is None else {
            "owner": name(s.owner), "airfield": label(s.airfield), "at": label(s.pos), "facing": FACINGS[s.facing],
            "state": s.state, "flight_phase": s.flight_phase, "actions_left": s.actions_left, "attacked": s.attacked},
        "drifts": [{"at": label(p), "drops": d.drops, "entered_phase": d.entered_phase, "by": d.by}
                   for p, d in g.drifts.items()],
        "programs": {n: list(cards) for n, cards in sorted(g.programs.items())},
        "draft": list(g.draft),
        "vp": {"net": g.net_vp, "round": dict(g.round_vp),
               "events": [{"side": e.side, "amount": e.amount, "reason": e.reason, "round": e.round}
                          for e in g.vp_events]},
        "medals": {name(p): n for p, n in sorted(g.medals.items())},
        "turn": {
            "round": g.round, "step": g.step, "sub": g.sub, "phase_seq": g.phase_seq, "b_started": g.b_started,
            "moved_markers": list(g.moved_markers), "activated_now": sorted(g.activated_now),
            "pending_orient": list(g.pending_orient), "active_t34": g.active_t34, "ma_left": g.ma_left,
            "t34_stopped": g.t34_stopped, "t34_started": g.t34_started, "t34_done": sorted(g.t34_done),
            "turret_set": g.turret_set, "faced": sorted(g.faced),
            "exposed": sorted(g.exposed), "damaged_this_d": dict(sorted(g.damaged_this_d.items())),
            "to_haul": list(g.to_haul),
            "to_place": {name(p): dict(rem) for p, rem in sorted(g.to_place.items())},
            "tile_turn": g.tile_turn, "t34_count": g.t34_count, "executed": sorted(g.executed),
            "finished": g.finished,
        },
        "combat": None if c is None else {
            "stage": c.stage, "queue": list(c.queue), "options": {k: list(v) for k, v in c.options.items()},
            "declared": dict(c.decl), "pairs": [list(p) for p in c.pairs],
            "priority": sorted(sorted(p) for p in c.priority),
            "shots_at": {k: list(v) for k, v in c.shots_at.items()}, "fired": sorted(c.fired)},
    }
    return out


def sorted_hexes(hexes: Any) -> list[str]:
    return [label(p) for p in sorted(hexes, key=lambda p: (p[1], p[0]))]


def _laid_front(g: DuelGame) -> set[Pos]:
    """The front as laid: the hexes on neither side (the current elements are among them)."""
    return {p for p in g.geo.hexes if p not in g.german_side and p not in g.soviet_side} | set(g.front)


# ------------------------------------------------------------------ reading
def load_into(g: DuelGame, model: PositionFile) -> None:
    """Set the state of a fresh, uninitialised game from a checked position."""
    from rulesets.duel_of_the_giants import setup

    by_letter = {t.letter: k for k, t in g.cfg.terrain.items() if t.season in (g.cfg.season, "both")
                 or k == g.base_terrain}
    who = {n: i for i, n in enumerate(g.players)}
    g.terrain = {}
    for r, row in enumerate(model.landscape, 1):
        for c, ch in enumerate(row, 1):
            kind = by_letter[ch]
            if kind != g.base_terrain:
                g.terrain[(c, r)] = kind
    g.front = set(map(parse_hex, model.front_laid))
    if model.turn.step not in ("S1", "S2"):  # the sides exist once the front is laid (DG-7.2)
        setup.compute_sides(g)
    g.front = set(map(parse_hex, model.front))
    g.tanks = {}
    for e in model.tanks:
        tiger = e.kind == "tiger"
        tank = Tank(f"tiger{e.number}" if tiger else f"t34-{e.number}", "german" if tiger else "soviet",
                    who[e.owner], parse_hex(e.at), FACINGS.index(e.hull), FACINGS.index(e.turret),
                    track=e.track, destroyed=e.destroyed, first_b=e.first_b, number=e.number)
        g.tanks[tank.id] = tank
    g.markers = {}
    for i, m in enumerate(model.markers, 1):
        mk = Marker(m.id or f"m{i}", who[m.owner], parse_hex(m.at), m.wheel)
        g.markers[mk.id] = mk
    g.atgs = {}
    for i, a in enumerate(model.atgs, 1):
        atg = Atg(a.id or f"atg{i}", g.lead("german"), parse_hex(a.at), FACINGS.index(a.facing), a.kind,
                  a.face_up, a.tire, a.tire_round, a.destroyed)
        g.atgs[atg.id] = atg
    g.mines = {}
    for i, mi in enumerate(model.mines, 1):
        mine = Mine(mi.id or f"mine{i}", parse_hex(mi.at), mi.real, mi.face_up)
        g.mines[mine.id] = mine
    s = model.stuka
    g.stuka = None if s is None else Stuka(who[s.owner], parse_hex(s.airfield), parse_hex(s.at),
                                           FACINGS.index(s.facing), s.state, s.flight_phase, s.actions_left,
                                           s.attacked)
    g.drifts = {parse_hex(d.at): Drift(d.drops, d.entered_phase, d.by) for d in model.drifts}
    g.programs = {n: tuple(cards) for n, cards in model.programs.items()}
    g.draft = tuple(model.draft)
    g.vp_events = [VPEvent(e.side, e.amount, e.reason, e.round) for e in model.vp.events]
    g.round_vp = {"german": model.vp.round.get("german", 0), "soviet": model.vp.round.get("soviet", 0)}
    g.net_vp = model.vp.net
    g.medals = {who[p]: n for p, n in model.medals.items()}
    turn = model.turn
    g.round, g.step, g.sub, g.phase_seq, g.b_started = turn.round, turn.step, turn.sub, turn.phase_seq, turn.b_started
    g.moved_markers = list(turn.moved_markers)
    g.activated_now = set(turn.activated_now)
    g.pending_orient = list(turn.pending_orient)
    g.active_t34, g.ma_left = turn.active_t34, turn.ma_left
    g.t34_stopped, g.t34_started = turn.t34_stopped, turn.t34_started
    g.t34_done, g.exposed = set(turn.t34_done), set(turn.exposed)
    g.turret_set, g.faced = turn.turret_set, set(turn.faced)
    g.damaged_this_d = dict(turn.damaged_this_d)
    g.to_haul = list(turn.to_haul)
    g.to_place = {who[p]: dict(rem) for p, rem in turn.to_place.items()}
    g.tile_turn, g.t34_count = turn.tile_turn, t34_count(model)
    g.executed = set(turn.executed)
    g.finished = turn.finished
    fight = model.combat
    g.combat = None if fight is None else CombatState(
        fight.stage, list(fight.queue), {k: list(v) for k, v in fight.options.items()}, dict(fight.declared),
        [(a, b, case) for a, b, case in fight.pairs], {frozenset(p) for p in fight.priority},
        {k: list(v) for k, v in fight.shots_at.items()}, set(fight.fired))


def t34_count(model: PositionFile) -> int:
    """The T-34s activated so far: the document's count, and never less than the highest
    number on the board, so that the next activation cannot take the number (and id) of a
    T-34 in play and replace it (issue 61.3; :func:`problems` reports a smaller count)."""
    highest = max((t.number for t in model.tanks if t.kind == "t34"), default=0)
    return max(model.turn.t34_count or 0, highest)


def piece_ids(model: PositionFile) -> list[tuple[tuple[str, int], str]]:
    """Every piece's id with the place in the document that gives it: a tank's from its
    kind and number, a marker's its ``id`` or, left out, its kind and place in the list."""
    out: list[tuple[tuple[str, int], str]] = [
        (("tanks", i), f"tiger{t.number}" if t.kind == "tiger" else f"t34-{t.number}")
        for i, t in enumerate(model.tanks)]
    out += [(("markers", i), m.id or f"m{i + 1}") for i, m in enumerate(model.markers)]
    out += [(("atgs", i), a.id or f"atg{i + 1}") for i, a in enumerate(model.atgs)]
    out += [(("mines", i), mi.id or f"mine{i + 1}") for i, mi in enumerate(model.mines)]
    return out


PLACE_KINDS = ("front", "wheel", "bluff", "tiger", "airfield", "atg:pak88", "atg:pak36", "atg:bluff",
               "mine:real", "mine:bluff")
"""What a player of a manual set-up may still have to place (``turn.to_place``), besides tiles."""


def _counters(model: PositionFile, doc: Any, g: DuelGame) -> list[Problem]:
    """The counters and ids that keep pieces apart (issue 61.3): no two pieces share an id
    (the second would replace the first on loading), ``t34_count`` is at least the highest
    T-34 number on the board, the T-34s activated and still to come are no more than the
    components (DG-15.1), and what is still to be placed in a manual set-up, with what is
    on the board, is no more than the components (DG-2)."""
    out: list[Problem] = []
    first: dict[str, tuple[str, int]] = {}
    for (kind, i), uid in piece_ids(model):
        if uid in first:
            other = first[uid]
            if kind == other[0] == "tanks":
                continue  # reported as two tanks of one number
            given = kind != "tanks" and getattr(model, kind)[i].id is not None
            out.append(doc.problem((kind, i, "id") if given else (kind, i),
                                   f"two pieces have the id {uid!r} ({other[0]}[{other[1]}] and {kind}[{i}]): the "
                                   "second would replace the first; give each piece its own id"))
        else:
            first[uid] = (kind, i)
    comp = g.cfg.scenario.components
    k = g.cfg.board.copies
    turn = model.turn
    highest = max((t.number for t in model.tanks if t.kind == "t34"), default=0)
    if turn.t34_count is not None and turn.t34_count < highest:
        out.append(doc.problem(("turn", "t34_count"), f"t34_count is {turn.t34_count} but T-34 #{highest} is on the "
                               "board: the count is of every T-34 activated so far (DG-15.1), so the next one "
                               f"would take number {turn.t34_count + 1}; give at least {highest}, or leave it out"))
    pending = {kind: sum(rem.get(kind, 0) for rem in turn.to_place.values()) for kind in PLACE_KINDS}
    wheels = sum(m.wheel for m in model.markers) + pending["wheel"]
    if t34_count(model) + wheels > comp.t34 * k:
        where: tuple[str, ...] = ("turn", "t34_count") if turn.t34_count is not None else ("markers",)
        out.append(doc.problem(where, f"{t34_count(model)} T-34s activated so far and {wheels} wheel markers to "
                               f"come make more than the {comp.t34 * k} T-34s of the components (DG-15.1)"))
    for player, rem in turn.to_place.items():
        for key in rem:
            if key not in PLACE_KINDS and not (key.startswith("tile:") and key[5:] in g.cfg.terrain):
                out.append(doc.problem(("turn", "to_place", player, key), f"unknown piece {key!r} to place "
                                       f"(known: {', '.join(PLACE_KINDS)}, tile:TERRAIN)"))
    have = {
        "front": (len(model.front), comp.front_elements),
        "wheel": (sum(m.wheel for m in model.markers), comp.tank_markers.get("wheel", 0)),
        "bluff": (sum(not m.wheel for m in model.markers), comp.tank_markers.get("bluff", 0)),
        "tiger": (sum(t.kind == "tiger" for t in model.tanks), comp.tigers),
        "airfield": (int(model.stuka is not None), int(comp.stuka)),
        "mine:real": (sum(mi.real for mi in model.mines), comp.mine_markers.get("mine", 0)),
        "mine:bluff": (sum(not mi.real for mi in model.mines), comp.mine_markers.get("bluff", 0)),
    }
    for kind, most in comp.atg_markers.items():
        have[f"atg:{kind}"] = (sum(a.kind == kind for a in model.atgs), most)
    for key, (placed, most) in have.items():
        if pending.get(key) and placed + pending[key] > most * k:
            out.append(doc.problem(("turn", "to_place"), f"{placed} {key} on the board and {pending[key]} still to "
                                   f"place make more than the {most * k} of the components (DG-2)"))
    return out


# ------------------------------------------------------------------ checks
def problems(model: PositionFile, doc: Any, g: DuelGame) -> list[Problem]:
    """What is wrong with a position beyond its schema, on the board of game ``g``
    (its options and scenario): the landscape, hexes on the board, owners,
    stacking (DG-3.12), the front (DG-5.2), the components (DG-2), the ids the
    bookkeeping names, the counters and ids that keep pieces apart (:func:`_counters`),
    and whether ``to_move``/``decision`` agree with the rest."""
    out: list[Problem] = []
    cols, rows = g.geo.columns, g.geo.rows
    letters = {t.letter for k, t in g.cfg.terrain.items() if t.season in (g.cfg.season, "both")
               or k == g.base_terrain}
    if len(model.landscape) != rows:
        out.append(doc.problem(("landscape",), f"{len(model.landscape)} rows; the board has {rows}"))
    for r, row in enumerate(model.landscape):
        if len(row) != cols:
            out.append(doc.problem(("landscape", r), f"row {r + 1} has {len(row)} hexes; the board has {cols}"))
        bad = sorted(set(row) - letters)
        if bad:
            out.append(doc.problem(("landscape", r), f"unknown {g.cfg.season} terrain letter(s) {', '.join(bad)} "
                                   f"(known: {''.join(sorted(letters))})"))

    def hexes(loc: tuple[Any, ...], text: str) -> Pos | None:
        try:
            p = parse_hex(text)
        except TanktableError as exc:
            out.append(doc.problem(loc, str(exc)))
            return None
        if not g.geo.on_board(p):
            out.append(doc.problem(loc, f"{text} is not on the {cols} x {rows} board"))
            return None
        return p

    def owner(loc: tuple[Any, ...], name: str, side: str) -> None:
        if name not in g.players:
            out.append(doc.problem(loc, f"unknown player {name!r}; the players are {', '.join(g.players)}"))
        elif g.side_of[g.players.index(name)] != side:
            out.append(doc.problem(loc, f"{name} is not a {side} player"))

    laid = [hexes(("front_laid", i), h) for i, h in enumerate(model.front_laid)]
    for i, h in enumerate(model.front):
        hexes(("front", i), h)
        if h not in model.front_laid:
            out.append(doc.problem(("front", i), f"front element {h} is not on the front as laid (front_laid)"))
    if model.turn.step not in ("S1", "S2"):
        front = {p for p in laid if p is not None}
        if {r for _, r in front} != set(range(1, rows + 1)):
            out.append(doc.problem(("front_laid",), "the front must run from the north to the south edge (DG-5.2)"))
    placed: list[tuple[str, int, str, str, str]] = [
        ("tanks", i, t.at, t.owner, "german" if t.kind == "tiger" else "soviet") for i, t in enumerate(model.tanks)]
    placed += [("markers", i, m.at, m.owner, "soviet") for i, m in enumerate(model.markers)]
    seen: set[tuple[str, Pos]] = set()
    for kind, i, at, who, side in placed:
        p = hexes((kind, i, "at"), at)
        owner((kind, i, "owner"), who, side)
        if p is not None and (kind, p) in seen:
            out.append(doc.problem((kind, i, "at"), f"{at} already holds one of the {kind} (DG-3.12)"))
        if p is not None:
            seen.add((kind, p))
    numbers = [(t.kind, t.number) for t in model.tanks]
    for i, key in enumerate(numbers):
        if key in numbers[:i]:
            out.append(doc.problem(("tanks", i, "number"), f"two {key[0]}s numbered {key[1]}"))
    markers = [("atgs", i, a.at) for i, a in enumerate(model.atgs)]
    markers += [("mines", i, mi.at) for i, mi in enumerate(model.mines)]
    for kind, i, at in markers:
        p = hexes((kind, i, "at"), at)
        if p is not None and (kind, p) in seen:
            out.append(doc.problem((kind, i, "at"), f"{at} already holds an {kind[:-1]} marker (DG-3.12)"))
        if p is not None:
            seen.add((kind, p))
    for i, d in enumerate(model.drifts):
        hexes(("drifts", i, "at"), d.at)
    if model.stuka is not None:
        hexes(("stuka", "airfield"), model.stuka.airfield)
        hexes(("stuka", "at"), model.stuka.at)
        owner(("stuka", "owner"), model.stuka.owner, "german")
    comp = g.cfg.scenario.components
    k = g.cfg.board.copies
    limits = (("tanks", sum(t.kind == "tiger" for t in model.tanks), comp.tigers * k, "Tigers"),
              ("tanks", sum(t.kind == "t34" for t in model.tanks), comp.t34 * k, "T-34s"),
              ("markers", len(model.markers), sum(comp.tank_markers.values()) * k, "tank markers"),
              ("atgs", len(model.atgs), sum(comp.atg_markers.values()) * k, "ATG markers"),
              ("mines", len(model.mines), sum(comp.mine_markers.values()) * k, "mine markers"))
    for loc, n, most, what in limits:
        if n > most:
            out.append(doc.problem((loc,), f"{n} {what}; the components have {most} (DG-2)"))
    for where, names in ((("medals",), model.medals), (("turn", "to_place"), model.turn.to_place)):
        for player in names:
            if player not in g.players:
                out.append(doc.problem((*where, player), f"unknown player {player!r}"))
    ids = ({f"tiger{t.number}" if t.kind == "tiger" else f"t34-{t.number}" for t in model.tanks}
           | {m.id or f"m{i}" for i, m in enumerate(model.markers, 1)}
           | {a.id or f"atg{i}" for i, a in enumerate(model.atgs, 1)})
    turn = model.turn
    named: list[tuple[tuple[str, ...], str]] = [(("turn", "pending_orient"), x) for x in turn.pending_orient]
    if turn.active_t34:
        named.append((("turn", "active_t34"), turn.active_t34))
    fight = model.combat
    if fight is not None:
        named += [(("combat", "queue"), x) for x in fight.queue]
        named += [(("combat", "options", key), x) for key, v in fight.options.items() for x in [key, *v]]
        for uid in fight.queue:
            if uid not in fight.options:
                out.append(doc.problem(("combat", "queue"), f"{uid} declares next but has no options"))
    for place, uid in named:
        if uid not in ids:
            out.append(doc.problem(place, f"no piece has the id {uid!r}"))
    out += _counters(model, doc, g)
    if model.turn.step == "D2" and model.combat is None and model.turn.finished is None:
        out.append(doc.problem(("combat",), "step D2 (combat) needs the combat state"))
    return out


def _earlier_words(decision: str, g: DuelGame) -> bool:
    """Whether ``decision`` is the state's decision as an earlier version worded it: the
    prompts now say their choices in words (issue 59), and a position saved with the old
    words is the same position (its decision line is rewritten when saved again)."""
    return decision in g.earlier_decisions()


def check_decision(model: PositionFile, doc: Any, g: DuelGame) -> list[Problem]:
    """``to_move`` and ``decision``, where given, must be what the state says; cards
    laid on a stack (``draft``) must be a legal start of the program of the Tiger
    being programmed in phase A4 (DG-11.2)."""
    out: list[Problem] = []
    if model.draft:
        from rulesets.duel_of_the_giants.tigers import program_problem, unprogrammed

        laying = unprogrammed(g) if g.step == "A4" else []
        if not laying:
            out.append(doc.problem(("draft",), "cards are laid only in phase A4, on the stack of a Tiger "
                                   "not yet programmed (DG-11.2)"))
        else:
            problem = program_problem(g, laying[0], g.draft)
            if problem is not None:
                out.append(doc.problem(("draft",), f"Tiger {laying[0].number}'s stack: {problem}"))
    if model.decision is not None and model.decision != g.decision() and not _earlier_words(model.decision, g):
        out.append(doc.problem(("decision",), f"the state says the decision is {g.decision()!r}"))
    if model.to_move is not None:
        actual = None if g.finished else g.players[g.to_move()]
        if model.to_move != actual:
            out.append(doc.problem(("to_move",), f"the state says {actual} decides next"))
    return out

