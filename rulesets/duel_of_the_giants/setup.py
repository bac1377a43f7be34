"""Seats, the scenario's set-up, manual set-up phases 1-4 (DG-7), sides, result.

The ``setup`` option says how a game is set up:

- ``default``: the scenario file fixes what is public -- landscape, front,
  where the face-down tank, ATG and mine markers lie, the Tigers and the
  airfield -- and the secrets are dealt from the game's seed: which tank
  markers are real (DG-7.3), which ATG marker is the PAK 8.8, a PAK 36 or a
  bluff, and which mine markers are mines (DG-7.4.3/7.4.4). Two seeds give
  two hidden layouts; nothing secret can be read from the file.
- ``shipped``: the file exactly as written, secrets included (tests, puzzles).
- ``manual``: the players place everything, the rules of DG-7 enforced.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Container
from typing import TYPE_CHECKING, Any

from core.errors import TanktableError
from core.game import Action, Event, Illegal, Outcome, Termination
from core.streams import Seed, stream
from rulesets.duel_of_the_giants.actions import (
    PlaceAirfield,
    PlaceAtg,
    PlaceFront,
    PlaceMarker,
    PlaceMine,
    PlaceTiger,
    PlaceTile,
)
from rulesets.duel_of_the_giants.board import FACINGS, Pos, label, parse_hex
from rulesets.duel_of_the_giants.pieces import Atg, Marker, Mine, Stuka, Tank
from rulesets.duel_of_the_giants.settings import Config

if TYPE_CHECKING:
    from rulesets.duel_of_the_giants.game import DuelGame


# ------------------------------------------------------------------ seats
def seats(cfg: Config, n: int) -> tuple[tuple[str, ...], dict[str, list[int]]]:
    """Player names and the players of each side (DG-21.1, DG-21.2, DG-22.1)."""
    if n == 2:
        return ("german", "soviet"), {"german": [0], "soviet": [1]}
    if n == 3:
        if cfg.rules.multi.three_player_extra_side == "german":
            return ("german1", "german2", "soviet"), {"german": [0, 1], "soviet": [2]}
        return ("german", "soviet1", "soviet2"), {"german": [0], "soviet": [1, 2]}
    if n == 4 or (5 <= n <= 8 and cfg.board.copies == 4):
        ng = (n + 1) // 2
        names = tuple(f"german{i}" for i in range(1, ng + 1)) + tuple(f"soviet{i}" for i in range(1, n - ng + 1))
        return names, {"german": list(range(ng)), "soviet": list(range(ng, n))}
    if 5 <= n <= 8:
        raise TanktableError(f"{n} players need the multi-board variant: --option multi.boards=4 (DG-22)")
    raise TanktableError(f"Duel of the Giants is played by 2 to 4 players (2 to 8 on the multi-board), not {n} "
                         "(DG-1.1, DG-21, DG-22)")


def tiger_owner(g: DuelGame, number: int) -> int:
    """Tigers are dealt round the German players: Tiger 1 to the first, Tiger 2 to the next."""
    ps = g.side_players["german"]
    return ps[(number - 1) % len(ps)]


# --------------------------------------------------------------- initialise
def initialise(g: DuelGame, mode: str, seed: Seed) -> None:
    """Lay out the start of the game for the ``setup`` option ``mode`` (see the module)."""
    cfg = g.cfg
    comp = cfg.scenario.components
    if mode == "manual":
        g.step = "S1"
        tiles = tiles_per_side(cfg)
        g.to_place = {g.lead("german"): {f"tile:{k}": v for k, v in tiles.items() if v},
                      g.lead("soviet"): {f"tile:{k}": v for k, v in tiles.items() if v}}
        g.tile_turn = "soviet"
        return
    layout = shipped_layout(cfg)
    if mode == "default":
        layout = deal_secrets(layout, setup_rng(seed, "german"), setup_rng(seed, "soviet"))
    g.terrain = dict(layout["terrain"])
    g.front = set(layout["front"])
    compute_sides(g)
    sov = g.side_players["soviet"]
    markers: list[tuple[Pos, bool, int]] = []
    for kind in ("wheel", "bluff"):
        hexes = layout["markers"][kind]
        for i, p in enumerate(hexes):
            owner = sov[i * len(sov) // len(hexes)]  # each Soviet player an equal share (DG-21.2)
            markers.append((p, kind == "wheel", owner))
    # pieces are numbered in the order of their hexes, never of their identities:
    # a marker's number (the order the engine lists it in) tells nothing of what it is
    for p, wheel, owner in sorted(markers):
        _add_marker(g, p, wheel, owner)
    for i, (p, hull) in enumerate(layout["tigers"], 1):
        _add_tiger(g, i, p, hull)
    if comp.stuka:
        at, facing = layout["airfield"]
        _add_stuka(g, at, facing)
    for p, kind, facing in layout["atgs"]:
        _add_atg(g, p, kind, facing)
    mines = sorted((p, kind == "mine") for kind in ("mine", "bluff") for p in layout["mines"][kind])
    for p, real in mines:
        _add_mine(g, p, real)
    g.step = "O1"
    g.phase_seq = 1
    g.moved_markers = []


def setup_rng(seed: Seed, side: str) -> random.Random:
    """The generator that deals ``side``'s secrets in the default set-up: a stream of
    its own, derived from the game's seed by a keyed hash (:mod:`core.streams`). The
    German's secrets (ATGs, mines) and the Soviet's (tank markers) come from two
    streams, so what one side sees of its own tells nothing of the other's; neither
    draws from the game's dice."""
    return stream(seed, "duel-of-the-giants set-up", side)


def deal_secrets(layout: dict[str, Any], german: random.Random,
                 soviet: random.Random) -> dict[str, Any]:
    """The layout with its hidden identities shuffled over its public places.

    Every marker keeps its hex (and an ATG marker its facing); only what lies
    face down changes: which tank markers are wheels (DG-7.3), dealt by the
    ``soviet`` generator; which ATG marker is which gun or a bluff, and which
    mine markers are mines (DG-7.4.3/7.4.4), dealt by the ``german`` one.
    Every marker of one kind obeys the same placement rules whatever its
    identity, so a dealt layout obeys DG-7 wherever the file's did; the counts
    of each identity are the file's (its components).
    """
    def shuffled(groups: dict[str, list[Pos]], order: tuple[str, ...],
                 rng: random.Random) -> dict[str, list[Pos]]:
        places = sorted(p for k in order for p in groups.get(k, []))
        rng.shuffle(places)
        out: dict[str, list[Pos]] = {}
        for k in order:
            n = len(groups.get(k, []))
            out[k], places = places[:n], places[n:]
        return out

    kinds = sorted(kind for _, kind, _ in layout["atgs"])
    german.shuffle(kinds)
    return {
        **layout,
        "markers": shuffled(layout["markers"], ("wheel", "bluff"), soviet),
        "atgs": [(p, kind, facing) for (p, _, facing), kind in zip(layout["atgs"], kinds, strict=True)],
        "mines": shuffled(layout["mines"], ("mine", "bluff"), german),
    }


def copies_per_side(cfg: Config) -> int:
    """How many games' worth of pieces each side has: 4 on the 2 x 2 block (DG-22.1)."""
    return cfg.board.copies


def tiles_per_side(cfg: Config) -> dict[str, int]:
    t = cfg.rules.terrain
    k = copies_per_side(cfg)
    tiles = t.summer_tiles_per_side if cfg.season == "summer" else t.winter_tiles_per_side
    return {name: n * k for name, n in tiles.items()}


def shipped_layout(cfg: Config) -> dict[str, Any]:
    """The scenario's set-up as positions, tiled 2 x 2 on the multi-board (DG-22)."""
    s = cfg.scenario.setup
    base = cfg.scenario
    copies = cfg.board.copies
    from rulesets.duel_of_the_giants.settings import boards

    single = boards()[base.board]
    from rulesets.duel_of_the_giants.landscape import board_terrain, load_scenario_board

    board = load_scenario_board(base, cfg.terrain, single.columns, single.rows)
    terrain = board_terrain(board, cfg.terrain)
    tigers = [(parse_hex(t.at), FACINGS.index(t.hull)) for t in s.tigers]
    airfield = (parse_hex(s.airfield.at), FACINGS.index(s.airfield.stuka))
    atgs = [(parse_hex(a.at), a.type, FACINGS.index(a.facing)) for a in s.atgs]
    front = [parse_hex(h) for h in s.front]
    # a kind the scenario leaves out has none placed (the validator compares counts)
    markers = {k: [parse_hex(h) for h in s.tank_markers.get(k, [])] for k in ("wheel", "bluff")}
    mines = {k: [parse_hex(h) for h in s.mines.get(k, [])] for k in ("mine", "bluff")}
    layout: dict[str, Any] = {
        "terrain": terrain, "front": front, "markers": markers, "tigers": tigers,
        "airfield": airfield, "atgs": atgs, "mines": mines,
    }
    if copies == 1:
        return layout
    return _double(cfg, layout, single.columns, single.rows)


def _double(cfg: Config, lay: dict[str, Any], cols: int, rows: int) -> dict[str, Any]:
    """The shipped set-up for the 2 x 2 block (DG-22): four games' worth of everything.

    Each hex of the single board becomes the 2 x 2 cluster of hexes
    ``(2c-1..2c, 2r-1..2r)`` of the big board, with its terrain, its front
    element and a copy of its piece, so every placement rule that held on
    the single board still holds: 8 Tigers, 64 markers, 24 ATGs, 32 mines and
    a front of 56 elements across the whole north-south width. There is one
    airfield and one Stuka (the engine knows a single Stuka).
    """

    def four(p: Pos) -> list[Pos]:
        return [(2 * p[0] - 1 + dx, 2 * p[1] - 1 + dy) for dy in (0, 1) for dx in (0, 1)]

    return {
        "terrain": {q: k for p, k in lay["terrain"].items() for q in four(p)},
        "front": [q for p in lay["front"] for q in four(p)],
        "markers": {k: [q for p in v for q in four(p)] for k, v in lay["markers"].items()},
        "tigers": [(q, h) for p, h in lay["tigers"] for q in four(p)],
        "airfield": (four(lay["airfield"][0])[0], lay["airfield"][1]),
        "atgs": [(q, k, f) for p, k, f in lay["atgs"] for q in four(p)],
        "mines": {k: [q for p in v for q in four(p)] for k, v in lay["mines"].items()},
    }


def fresh_id(prefix: str, taken: Container[str], after: int) -> str:
    """``prefix`` and the first number past ``after`` that no piece in ``taken`` has: the
    count of pieces placed so far gives it in a game set up from the start, but a set-up
    continued from a hand-written position may have used any ids (issue 61.3), and a
    second piece under one id would replace the first."""
    n = after + 1
    while f"{prefix}{n}" in taken:
        n += 1
    return f"{prefix}{n}"


def _add_marker(g: DuelGame, p: Pos, wheel: bool, owner: int) -> Marker:
    m = Marker(fresh_id("m", g.markers, len(g.markers)), owner, p, wheel)
    g.markers[m.id] = m
    return m


def _add_tiger(g: DuelGame, number: int, p: Pos, hull: int) -> Tank:
    t = Tank(f"tiger{number}", "german", tiger_owner(g, number), p, hull, hull,
             track=g.cfg.weapons.tiger.track or 5, number=number)
    g.tanks[t.id] = t
    return t


def _add_stuka(g: DuelGame, p: Pos, facing: int) -> None:
    g.stuka = Stuka(g.side_players["german"][-1], p, p, facing)


def _add_atg(g: DuelGame, p: Pos, kind: str, facing: int) -> Atg:
    a = Atg(fresh_id("atg", g.atgs, len(g.atgs)), g.lead("german"), p, facing, kind)
    g.atgs[a.id] = a
    return a


def _add_mine(g: DuelGame, p: Pos, real: bool) -> Mine:
    m = Mine(fresh_id("mine", g.mines, len(g.mines)), p, real)
    g.mines[m.id] = m
    return m


def compute_sides(g: DuelGame) -> None:
    """DG-3.11: German side = reachable from the west edge without crossing the front."""
    geo = g.geo

    def flood(edge_col: int) -> frozenset[Pos]:
        start = [p for p in geo.hexes if p[0] == edge_col and p not in g.front]
        seen = set(start)
        todo = deque(start)
        while todo:
            p = todo.popleft()
            for d in range(6):
                n = geo.neighbour.get((p, d))
                if n is not None and n not in seen and n not in g.front:
                    seen.add(n)
                    todo.append(n)
        return frozenset(seen)

    g.german_side = flood(1)
    g.soviet_side = flood(geo.columns) - g.german_side


# ------------------------------------------------------------- manual set-up
def _remaining(g: DuelGame) -> dict[str, int]:
    return g.to_place.get(g.to_move(), {})


def auto(g: DuelGame, events: list[Event]) -> bool:
    """Move on when the current player has placed everything (True = progressed)."""
    st = g.step
    if st == "S1":
        if any(g.to_place.get(g.lead(s)) for s in ("german", "soviet")):
            if not g.to_place.get(g.lead(g.tile_turn)):
                g.tile_turn = "german" if g.tile_turn == "soviet" else "soviet"
            return False
        g.step = "S2"
        g.sub = 0
        g.to_place = {g.lead("german"): {"front": g.cfg.scenario.components.front_elements
                                         * copies_per_side(g.cfg)}}
        return True
    if _remaining(g):
        return False
    side = "german" if st in ("S2", "S4") else "soviet"
    if st != "S2" and g.sub + 1 < len(g.side_players[side]):
        g.sub += 1
        return True
    if st == "S2":
        compute_sides(g)
        events.append(Event("setup", f"front line complete: {len(g.front)} elements (DG-7.2)"))
        g.step, g.sub = "S3", 0
        comp = g.cfg.scenario.components
        sov = g.side_players["soviet"]
        g.to_place = {}
        f = copies_per_side(g.cfg)
        for i, p in enumerate(sov):
            share = {k: (v * f + len(sov) - 1 - i) // len(sov) for k, v in comp.tank_markers.items()}
            g.to_place[p] = {k: v for k, v in share.items() if v}
        return True
    if st == "S3":
        g.step, g.sub = "S4", 0
        comp = g.cfg.scenario.components
        ger = g.side_players["german"]
        g.to_place = {p: {} for p in ger}
        f = copies_per_side(g.cfg)
        for n in range(1, comp.tigers * f + 1):
            own = g.to_place[tiger_owner(g, n)]
            own["tiger"] = own.get("tiger", 0) + 1
        if comp.stuka:
            g.to_place[ger[-1]]["airfield"] = 1
        for k, v in comp.atg_markers.items():
            if v:
                g.to_place[ger[0]][f"atg:{k}"] = v * f
        for mk, mv in comp.mine_markers.items():
            if mv:
                g.to_place[ger[0]][f"mine:{'real' if mk == 'mine' else 'bluff'}"] = mv * f
        return True
    if st == "S4":
        events.append(Event("setup", "set-up complete; the opening phase begins (DG-8.1)"))
        g.step = "S4"
        g._next_step(events)
        return True
    return False


def _zone_ok(g: DuelGame, side: str, p: Pos) -> bool:
    if side == "german" and g.cfg.rules.setup.german_zone == "anywhere":
        return p not in g.front
    return p in (g.german_side if side == "german" else g.soviet_side)


def _tile_columns(g: DuelGame, side: str) -> tuple[int, int]:
    cols = g.geo.columns
    mid = (cols + 1) // 2
    shared = g.cfg.rules.setup.landscape_shared_columns
    if side == "german":
        return 1, mid - 1 + shared
    return mid + 1 - shared, cols


def check(g: DuelGame, a: Action) -> Illegal | None:
    st = g.step
    rem = _remaining(g)
    geo = g.geo
    if st == "S1":
        if not isinstance(a, PlaceTile):
            return Illegal("DG-7.1", "set-up phase 1: place a landscape element (place tile KIND HEX)")
        if rem.get(f"tile:{a.kind}", 0) <= 0:
            kinds = ", ".join(k[5:] for k, v in rem.items() if v)
            return Illegal("DG-7.1", f"no {a.kind} element left to place; you still have: {kinds}")
        if not geo.on_board(a.at):
            return Illegal("DG-3.1", f"{label(a.at)} is not on the board")
        lo, hi = _tile_columns(g, g.tile_turn)
        if not lo <= a.at[0] <= hi:
            return Illegal("DG-7.1", f"{g.side_name(g.tile_turn)} landscape elements go in columns "
                           f"{label((lo, 1))[0]}-{label((hi, 1))[0]} (DG-AMB-06)")
        if a.at in g.terrain:
            return Illegal("DG-7.1", f"{label(a.at)} already holds a landscape element")
        return None
    if st == "S2":
        if not isinstance(a, PlaceFront):
            return Illegal("DG-7.2", "set-up phase 2: place a front element (place front HEX)")
        return _check_front(g, a.at, rem.get("front", 0))
    if st == "S3":
        if not isinstance(a, PlaceMarker):
            return Illegal("DG-7.3", "set-up phase 3: place a tank marker (place marker HEX wheel|bluff)")
        kind = "wheel" if a.wheel else "bluff"
        if rem.get(kind, 0) <= 0:
            return Illegal("DG-7.3", f"you have no {kind} marker left to place")
        if not geo.on_board(a.at) or a.at not in g.soviet_side:
            return Illegal("DG-7.3", f"tank markers are placed on the Soviet side of the front; {label(a.at)} is not")
        if g.marker_at(a.at) is not None:
            return Illegal("DG-3.12", f"{label(a.at)} already holds a tank marker")
        return None
    if st == "S4":
        return _check_german(g, a, rem)
    return Illegal("DG-7", "no set-up step is running")


def _check_front(g: DuelGame, p: Pos, left: int) -> Illegal | None:
    geo = g.geo
    lo, hi = g.cfg.board.front_band
    if not geo.on_board(p) or not lo <= p[0] <= hi:
        return Illegal("DG-7.2", f"front elements go in columns {label((lo, 1))[0]}-{label((hi, 1))[0]} (DG-AMB-07)")
    if p in g.front:
        return Illegal("DG-7.2", f"{label(p)} already holds a front element")
    if g.front and not any(geo.adjacent(p, q) for q in g.front):
        return Illegal("DG-5.2", f"the front must be continuous: {label(p)} touches no front element")
    rows = [r for _, r in g.front] + [p[1]]
    need = (min(rows) - 1) + (geo.rows - max(rows))
    if need > left - 1:
        return Illegal("DG-5.2", f"with {left - 1} element(s) left the front could no longer reach "
                       "both the north and the south edge")
    return None


def _check_german(g: DuelGame, a: Action, rem: dict[str, int]) -> Illegal | None:
    geo = g.geo
    at = getattr(a, "at", None)
    if at is None or not isinstance(a, (PlaceTiger, PlaceAirfield, PlaceAtg, PlaceMine)):
        return Illegal("DG-7.4", "set-up phase 4: place tiger/airfield/atg/mine")
    key = {PlaceTiger: "tiger", PlaceAirfield: "airfield"}.get(type(a))
    if isinstance(a, PlaceAtg):
        key = f"atg:{a.kind}"
    if isinstance(a, PlaceMine):
        key = f"mine:{'real' if a.real else 'bluff'}"
    assert key is not None
    if rem.get(key, 0) <= 0:
        return Illegal("DG-7.4", f"you have no {key.replace(':', ' ')} left to place")
    if not geo.on_board(at) or not _zone_ok(g, "german", at):
        return Illegal("DG-7.4", f"German weapons are placed on the German side of the front; {label(at)} is not (DG-AMB-08)")
    af = g.airfield()
    if isinstance(a, PlaceTiger):
        if g.tt(at).tiger_cost is None:
            return Illegal("DG-7.4.1", f"a Tiger may not stand in swamp ({label(at)})")
        if g.tank_at(at) is not None:
            return Illegal("DG-3.12", f"{label(at)} already holds a tank")
        if at == af:
            return Illegal("DG-7.4.6", "a Tiger may not start on the airfield")
    elif isinstance(a, PlaceAirfield):
        if g.tank_at(at) or g.atg_at(at) or g.mine_at(at):
            return Illegal("DG-7.4.6", f"the airfield needs an empty hex; {label(at)} is taken")
    elif isinstance(a, PlaceAtg):
        if g.atg_at(at) is not None:
            return Illegal("DG-3.12", f"{label(at)} already holds an ATG marker")
        if at == af:
            return Illegal("DG-7.4.6", "no marker may be placed on the airfield")
    elif isinstance(a, PlaceMine):
        if not g.tt(at).mines:
            return Illegal("DG-7.4.4", f"mines may not be placed on {g.terrain.get(at, 'this terrain')} ({label(at)})")
        if g.mine_at(at) is not None:
            return Illegal("DG-3.12", f"{label(at)} already holds a mine marker")
        if at == af:
            return Illegal("DG-7.4.6", "no marker may be placed on the airfield")
    return None


def actions(g: DuelGame) -> list[Action]:
    st = g.step
    rem = _remaining(g)
    out: list[Action] = []
    hexes = g.geo.hexes
    if st == "S1":
        kinds = [k[5:] for k, v in rem.items() if v]
        cands: list[Action] = [PlaceTile(k, p) for k in kinds for p in hexes]
    elif st == "S2":
        cands = [PlaceFront(p) for p in hexes]
    elif st == "S3":
        cands = [PlaceMarker(p, w) for w in (True, False) for p in hexes if p in g.soviet_side]
    elif st == "S4":
        zone = [p for p in hexes if _zone_ok(g, "german", p)]
        cands = []
        for key, v in rem.items():
            if not v:
                continue
            if key == "tiger":
                cands += [PlaceTiger(p, d) for p in zone for d in range(6)]
            elif key == "airfield":
                cands += [PlaceAirfield(p, d) for p in zone for d in range(6)]
            elif key.startswith("atg:"):
                cands += [PlaceAtg(key[4:], p, d) for p in zone for d in range(6)]
            else:
                cands += [PlaceMine(p, key == "mine:real") for p in zone]
    else:
        return []
    for c in cands:
        if check(g, c) is None:
            out.append(c)
    return out


def apply(g: DuelGame, a: Action) -> list[Event]:
    rem = g.to_place[g.to_move()]
    who = g.to_move()
    if isinstance(a, PlaceTile):
        rem[f"tile:{a.kind}"] -= 1
        g.terrain[a.at] = a.kind
        side = g.tile_turn
        other = "german" if side == "soviet" else "soviet"
        if g.to_place.get(g.lead(other)) and any(g.to_place[g.lead(other)].values()):
            g.tile_turn = other
        _prune(g)
        return [Event("setup", f"{g.side_name(side)} places {a.kind.replace('_', ' ')} at {label(a.at)}")]
    if isinstance(a, PlaceFront):
        rem["front"] -= 1
        g.front.add(a.at)
        _prune(g)
        return [Event("setup", f"front element at {label(a.at)}")]
    if isinstance(a, PlaceMarker):
        kind = "wheel" if a.wheel else "bluff"
        rem[kind] -= 1
        _add_marker(g, a.at, a.wheel, who)
        _prune(g)
        sov = frozenset(g.side_players["soviet"])
        return [Event("setup", f"{kind} marker placed face down at {label(a.at)}", {}, sov,
                      f"Soviet places a tank marker face down at {label(a.at)}")]
    ger = frozenset(g.side_players["german"])
    if isinstance(a, PlaceTiger):
        rem["tiger"] -= 1
        placed = {t.number for t in g.tigers()}
        n = next(k for k in range(1, 99) if k not in placed and tiger_owner(g, k) == who)
        _add_tiger(g, n, a.at, a.hull)
        _prune(g)
        return [Event("setup", f"Tiger {n} at {label(a.at)} facing {FACINGS[a.hull]}, turret 12 o'clock")]
    if isinstance(a, PlaceAirfield):
        rem["airfield"] -= 1
        _add_stuka(g, a.at, a.facing)
        _prune(g)
        return [Event("setup", f"airfield at {label(a.at)}, Stuka facing {FACINGS[a.facing]}")]
    if isinstance(a, PlaceAtg):
        rem[f"atg:{a.kind}"] -= 1
        _add_atg(g, a.at, a.kind, a.facing)
        _prune(g)
        from rulesets.duel_of_the_giants.atg import NAMES

        return [Event("setup", f"{NAMES[a.kind]} ATG marker face down at {label(a.at)} facing {FACINGS[a.facing]}",
                      {}, ger, f"German places an ATG marker face down at {label(a.at)} facing {FACINGS[a.facing]}")]
    if isinstance(a, PlaceMine):
        key = f"mine:{'real' if a.real else 'bluff'}"
        rem[key] -= 1
        _add_mine(g, a.at, a.real)
        _prune(g)
        return [Event("setup", f"{'real' if a.real else 'bluff'} mine marker at {label(a.at)}", {}, ger,
                      f"German places a mine marker face down at {label(a.at)}")]
    return []


def _prune(g: DuelGame) -> None:
    for p, rem in g.to_place.items():
        g.to_place[p] = {k: v for k, v in rem.items() if v > 0}


# ----------------------------------------------------------------- winter
def drift_bookkeeping(g: DuelGame, side: str) -> list[Event]:
    """DG-23.6: 1 drop on entry, 2 drops a phase later, removed after the next."""
    events: list[Event] = []
    for p in list(g.drifts):
        d = g.drifts[p]
        tank = g.tank_at(p)
        if tank is None or not g.tt(p).snowdrift:
            del g.drifts[p]
            continue
        if tank.side != side or d.entered_phase == g.phase_seq:
            continue
        if d.drops == 1:
            d.drops = 2
            events.append(Event("drift", f"snowdrift {label(p)}: drop marker turned to 2 drops (DG-23.6)"))
        else:
            del g.drifts[p]
            g.terrain[p] = g.tt(p).becomes or g.base_terrain
            if g.terrain[p] == g.base_terrain:
                del g.terrain[p]
            events.append(Event("drift", f"snowdrift {label(p)} is removed after two phases (DG-23.6)"))
    return events


# ----------------------------------------------------------------- result
ROUND_CAP = "the round cap"
"""How the reason of a game stopped by ``end.round_cap`` begins (a draw whatever the VP)."""


def outcome(g: DuelGame) -> Outcome:
    net = g.net_vp
    from rulesets.duel_of_the_giants.vp import totals

    tot = totals(g)
    score = tuple(float(tot[g.side_of[p]]) for p in range(len(g.players)))
    if g.finished is not None and g.finished.startswith(ROUND_CAP):
        return Outcome((), f"draw: {g.finished}; VP {tot['german']}:{tot['soviet']} do not count", score,
                       Termination.MOVE_LIMIT)
    # who won and on what first, then why the game ended (issue 59: "Soviet side wins by 2 VP;
    # the Soviet side has no weapons left in play" read as if losing its weapons won it)
    why = f"the game ended because {g.finished}" if g.finished else "the game ended"
    count = f"German {tot['german']}, Soviet {tot['soviet']}"
    if net == 0:
        return Outcome((), f"draw: the VP bar is even ({count}); {why}", score)
    side = "german" if net > 0 else "soviet"
    ps = g.side_players[side]
    if len(ps) > 1:
        best = max(g.medals.get(p, 0) for p in ps)
        winners = tuple(p for p in ps if g.medals.get(p, 0) == best)
    else:
        winners = tuple(ps)
    return Outcome(winners, f"{g.side_name(side)} side wins on victory points, {abs(net)} VP ahead ({count}); "
                   f"{why}", score)
