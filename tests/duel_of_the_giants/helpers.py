"""Hand-built positions for Duel of the Giants rule tests.

``blank`` starts a shipped game and clears the board (no landscape, front,
markers or pieces); the helpers then place exactly what a test needs and
jump to the step under test, running the engine's own step entry.
"""

from __future__ import annotations

from typing import Any

from core.game import Event
from rulesets.duel_of_the_giants import RULESET
from rulesets.duel_of_the_giants.board import FACINGS, parse_hex
from rulesets.duel_of_the_giants.game import DuelGame
from rulesets.duel_of_the_giants.pieces import Atg, Marker, Mine, Stuka, Tank


def blank(season: str = "summer", **options: Any) -> DuelGame:
    g = RULESET.new_game(season, options, 0)
    assert isinstance(g, DuelGame)
    g.terrain = {}
    g.front = set()
    g.tanks, g.markers, g.atgs, g.mines = {}, {}, {}, {}
    g.stuka = None
    g.pending_orient = []
    g.german_side = frozenset(p for p in g.geo.hexes if p[0] <= 4)
    g.soviet_side = frozenset(p for p in g.geo.hexes if p[0] >= 6)
    g.round = 1
    g.b_started = 1
    return g


def h(label: str) -> tuple[int, int]:
    return parse_hex(label)


def d(name: str) -> int:
    return FACINGS.index(name)


def terrain(g: DuelGame, kind: str, *labels: str) -> None:
    for lab in labels:
        g.terrain[h(lab)] = kind
    g.state_changed()


def tiger(g: DuelGame, n: int, at: str, hull: str, turret: str | None = None, track: int = 5) -> Tank:
    t = Tank(f"tiger{n}", "german", g.side_players["german"][0 if n % 2 else -1], h(at), d(hull),
             d(turret or hull), track=track, number=n)
    g.tanks[t.id] = t
    g.state_changed()
    return t


def t34(g: DuelGame, n: int, at: str, hull: str, turret: str | None = None, first_b: int = 0) -> Tank:
    t = Tank(f"t34-{n}", "soviet", g.side_players["soviet"][0], h(at), d(hull), d(turret or hull),
             first_b=first_b, number=n)
    g.tanks[t.id] = t
    g.t34_count = max(g.t34_count, n)
    g.state_changed()
    return t


def marker(g: DuelGame, at: str, wheel: bool) -> Marker:
    m = Marker(f"m{len(g.markers) + 100}", g.side_players["soviet"][0], h(at), wheel)
    g.markers[m.id] = m
    g.state_changed()
    return m


def atg(g: DuelGame, at: str, kind: str, facing: str, face_up: bool = False) -> Atg:
    a = Atg(f"atg{len(g.atgs) + 100}", g.side_players["german"][0], h(at), d(facing), kind, face_up)
    g.atgs[a.id] = a
    g.state_changed()
    return a


def mine(g: DuelGame, at: str, real: bool) -> Mine:
    m = Mine(f"mine{len(g.mines) + 100}", h(at), real)
    g.mines[m.id] = m
    g.state_changed()
    return m


def stuka(g: DuelGame, airfield: str, facing: str = "E") -> Stuka:
    g.stuka = Stuka(g.side_players["german"][-1], h(airfield), h(airfield), d(facing))
    g.state_changed()
    return g.stuka


def goto(g: DuelGame, step: str) -> list[Event]:
    """Enter ``step`` as the engine does and run until a decision is due."""
    g.step = step
    g.sub = 0
    events: list[Event] = []
    g._enter_step(events)
    g._advance(events)
    return events


def programming(*t34s: str) -> DuelGame:
    """Phase A4, the German to program: Tigers at c5 and c8 facing E, T-34s facing W
    on the given hexes (one at i1, far off, if none are given)."""
    g = blank()
    tiger(g, 1, "c5", "E")
    tiger(g, 2, "c8", "E")
    for n, at in enumerate(t34s or ("i1",), start=1):
        t34(g, n, at, "W")
    goto(g, "A4")
    assert g.step == "A4"
    return g


def tiger_and_t34_three_hexes_apart() -> DuelGame:
    """Phase D1: Tiger 1 at d5 facing E and T-34 #1 at g5 facing W, three hexes apart
    in each other's sights; Tiger 2 at a1 and T-34 #9 at i11 far off."""
    g = blank()
    tiger(g, 1, "d5", "E")
    tiger(g, 2, "a1", "E")
    t34(g, 1, "g5", "W")
    t34(g, 9, "i11", "NE")
    goto(g, "D1")
    return g


def stuka_at_d4(t34_at: str = "c6", hull: str = "W", forest: bool = False) -> DuelGame:
    """Phase D4 with the Stuka unflown at a6 facing E and one T-34 (in a forest hex
    with ``forest``), out of the Tigers' lines at b1 and b11, and a Soviet wheel
    marker so that the game goes on."""
    g = blank()
    tiger(g, 1, "b1", "E")
    tiger(g, 2, "b11", "E")
    marker(g, "i9", True)
    t34(g, 1, t34_at, hull)
    if forest:
        terrain(g, "forest", t34_at)
    stuka(g, "a6")
    goto(g, "D1")
    assert g.step == "D4"
    return g


def play(g: DuelGame, *moves: str) -> list[Event]:
    events: list[Event] = []
    for m in moves:
        events += g.apply(g.parse_action(m))
    return events


def texts(events: list[Event]) -> str:
    return "\n".join(e.text for e in events)
