"""Tiger programming (phase A4) and execution (phase C) (DG-11).

A program is the stack of cards of DG-11.2 in the notation of DG-11.4
(``F F R T2 S L``). The card limit is the Tiger's damage-track value; Stop
ends the program and the filler after it is ignored (DG-AMB-13). Execution
enters a hex of cost k with k consecutive identical move cards (DG-AMB-16)
and stops at the first obstacle, saying why (DG-11.5).

A Tiger is programmed card by card, as at the table: each decision lays one
card on its stack (``tiger1 +F``) or closes the stack (``tiger1 done``), and
the cards offered are exactly those the rules allow next, so every legal
program is a path through the legal lists, each list a dozen entries at most
(issue 27.14). A whole program typed at once (``tiger1 F F R T2``, the form of
older records) is the same as laying its cards and closing the stack. Stop
may always follow until the stack is full, and a full stack ends by itself, so
a Tiger's programming takes at most ``stack_size`` decisions. The
cards laid are the German's secret; how many lie on the stack is not, as on
the table, where Stop and filler cards exist to hide the count (DG-11.4).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from core.game import Action, Event, Illegal
from rulesets.duel_of_the_giants.actions import CloseProgram, Execute, LayCard, Program
from rulesets.duel_of_the_giants.board import CLOCK, CLOCK_NAMES, FACINGS, Pos, label, opposite
from rulesets.duel_of_the_giants.pieces import Drift, Tank

if TYPE_CHECKING:
    from rulesets.duel_of_the_giants.game import DuelGame

MOVE_CARDS = ("F", "B", "L", "R")
TURRET_CARDS = ("T12", "T2", "T4", "T6", "T8", "T10")
CARDS = (*MOVE_CARDS, "S", *TURRET_CARDS)
"""Every kind of card (DG-11.2), in the order the legal list offers them."""


def counted(cards: tuple[str, ...]) -> tuple[str, ...]:
    """The cards that count and execute: everything before the first Stop."""
    return cards[: cards.index("S")] if "S" in cards else cards


def unprogrammed(g: DuelGame) -> list[Tank]:
    return [t for t in g.tigers() if t.number not in g.programs]


def programmer(g: DuelGame) -> int:
    left = unprogrammed(g)
    return left[0].owner if left else g.lead("german")


PROGRAM_EXAMPLE = "F F R T2 S"
"""The whole program the A4 prompt shows as an example: the same in every game, so it
tells the Soviet side nothing (a seat's secrets check reads past it, as past the notation
help)."""


def decision_text(g: DuelGame) -> str:
    """The A4 decision; it names no card laid (the Soviet side reads it too, DG-24)."""
    left = unprogrammed(g)
    if not left:
        return "phase A4: program the Tigers"
    t = left[0]
    n = t.number
    return (f"phase A4: program Tiger {n} at {label(t.pos)}, at most {t.track} cards before a Stop: a card at "
            f"a time (tiger{n} +F, then tiger{n} done) or all at once (tiger{n} {PROGRAM_EXAMPLE}) (DG-11.2)")


def earlier_decision_text(g: DuelGame) -> str | None:
    """The A4 decision as earlier versions worded it: a position saved then still loads."""
    left = unprogrammed(g)
    if not left:
        return None
    t = left[0]
    n = t.number
    return f"phase A4: Tiger {n} at {label(t.pos)}, max {t.track} cards; tiger{n} +F, tiger{n} done (DG-11.2)"


def stack_size(g: DuelGame, t: Tank) -> int:
    """The most cards a stack holds, Stop and filler included (DG-11.4, ``tiger.stack_limit``)."""
    return max(g.cfg.rules.tiger.stack_limit, t.track)


def program_problem(g: DuelGame, t: Tank, cards: tuple[str, ...]) -> Illegal | None:
    """DG-11.2/11.3/11.4: card kinds, turret card last, card limit, stack size."""
    unknown = [c for c in cards if c not in CARDS]
    if unknown:
        return Illegal("DG-11.2", f"{unknown[0]!r} is not a Tiger card; cards are F B L R S and T12 T2 T4 T6 T8 T10")
    size = stack_size(g, t)
    if len(cards) > size:
        return Illegal("DG-11.4", f"a program stack holds at most {size} cards including Stop and filler")
    live = counted(cards)
    turrets = [c for c in live if c in TURRET_CARDS]
    if len(turrets) > 1:
        return Illegal("DG-11.2", "a program may contain only one turret card")
    if turrets and live[-1] not in TURRET_CARDS:
        return Illegal("DG-11.2", "the turret card must come after all movement cards")
    if len(live) > t.track:
        return Illegal("DG-11.3", f"Tiger {t.number} may be programmed with at most {t.track} card(s) "
                       f"(damage track at {t.track}); this program has {len(live)} before any Stop")
    return None


def next_cards(g: DuelGame, t: Tank, laid: tuple[str, ...]) -> list[str]:
    """The cards that may go on a stack holding ``laid``: those that keep it a legal
    program. Every prefix of a legal program is legal, so every legal program is
    reached card by card."""
    return [c for c in CARDS if program_problem(g, t, (*laid, c)) is None]


def _being_programmed(g: DuelGame) -> Tank | None:
    left = unprogrammed(g)
    return left[0] if left else None


def check_program(g: DuelGame, a: Action) -> Illegal | None:
    if not isinstance(a, Program | LayCard | CloseProgram):
        return Illegal("DG-11.2", "now: program a Tiger card by card, e.g. tiger1 +F ... tiger1 done")
    t = g.tiger(a.tiger)
    if t is None:
        return Illegal("DG-11.1", f"there is no Tiger {a.tiger}")
    if a.tiger in g.programs:
        return Illegal("DG-11.2", f"Tiger {a.tiger} is already programmed for this round")
    if t.owner != g.to_move():
        return Illegal("DG-21.2", f"Tiger {a.tiger} belongs to {g.players[t.owner]}")
    if isinstance(a, Program):
        if g.draft:
            first = _being_programmed(g)
            n = first.number if first is not None else a.tiger
            return Illegal("DG-11.2", f"Tiger {n} has {len(g.draft)} card(s) on its stack: lay the next "
                           f"(tiger{n} +F) or end it (tiger{n} done); undo takes a card back")
        return program_problem(g, t, a.cards)
    first = _being_programmed(g)
    if first is not None and first.number != a.tiger:
        return Illegal("DG-11.2", f"card by card, the Tigers are programmed in turn: now Tiger {first.number} "
                       f"(a whole program typed at once may be for any Tiger)")
    if isinstance(a, LayCard):
        return program_problem(g, t, (*g.draft, a.card))
    return None


def program_actions(g: DuelGame) -> list[Action]:
    """Every card that may go on the stack next, and closing it (module docstring)."""
    t = _being_programmed(g)
    if t is None:
        return []
    n = t.number
    return [*(LayCard(n, c) for c in next_cards(g, t, g.draft)), CloseProgram(n)]


def apply_program(g: DuelGame, a: Action) -> list[Event]:
    if isinstance(a, LayCard):
        g.draft = (*g.draft, a.card)
        t = g.tiger(a.tiger)
        assert t is not None
        ger = frozenset(g.side_players["german"])
        events = [Event("card", f"Tiger {a.tiger}: {a.card} laid, the stack is {' '.join(g.draft)}",
                        {"tiger": a.tiger, "cards": list(g.draft)}, ger,
                        f"Tiger {a.tiger}: a card is laid face down")]
        if not next_cards(g, t, g.draft):
            events += _programmed(g, a.tiger, g.draft)  # the stack is full: nothing left to decide
        return events
    if isinstance(a, CloseProgram):
        return _programmed(g, a.tiger, g.draft)
    assert isinstance(a, Program)
    return _programmed(g, a.tiger, a.cards)


def _programmed(g: DuelGame, tiger: int, cards: tuple[str, ...]) -> list[Event]:
    g.programs[tiger] = cards
    g.draft = ()
    ger = frozenset(g.side_players["german"])
    text = " ".join(cards) or "(empty: stands still)"
    return [Event("program", f"Tiger {tiger} programmed: {text}", {"tiger": tiger, "cards": list(cards)},
                  ger, f"Tiger {tiger} is programmed (a stack of {len(cards)} cards, face down)")]


# ------------------------------------------------------------ execution
def _waiting(g: DuelGame) -> list[Tank]:
    return [t for t in g.tigers() if t.number not in g.executed]


def execute_actions(g: DuelGame) -> list[Action]:
    return [Execute(t.number) for t in _waiting(g)]


def auto_execute(g: DuelGame, events: list[Event]) -> bool:
    """Execute without asking when there is no choice (one Tiger left, or fixed order)."""
    waiting = _waiting(g)
    if not waiting:
        g._next_step(events)
        return True
    if len(waiting) == 1 or g.cfg.rules.tiger.execution_order == "fixed":
        events += execute(g, waiting[0])
        return True
    return False


def check_execute(g: DuelGame, a: Action) -> Illegal | None:
    if not isinstance(a, Execute):
        return Illegal("DG-8.4", "now: execute tiger1 or execute tiger2 (which Tiger goes first)")
    if a.tiger not in {t.number for t in _waiting(g)}:
        return Illegal("DG-8.4", f"Tiger {a.tiger} has no program waiting")
    return None


def apply_execute(g: DuelGame, a: Action) -> list[Event]:
    assert isinstance(a, Execute)
    t = g.tiger(a.tiger)
    assert t is not None
    return execute(g, t)


def _blocker(g: DuelGame, t: Tank, dest: Pos) -> str | None:
    """Why a Tiger cannot enter ``dest`` (DG-11.5, DG-AMB-15/23), or None."""
    blockers = g.cfg.rules.tiger.blockers
    if not g.geo.on_board(dest):
        return "the board edge (DG-11.6)"
    other = g.tank_at(dest)
    if other is not None:
        if other.is_tiger:
            return f"the other Tiger at {label(dest)} (DG-3.12)"
        return f"a T-34 at {label(dest)} (DG-11.5)"
    if g.tt(dest).tiger_cost is None:
        return f"{label(dest)} is swamp, which Tigers cannot enter (DG-4.5.1)"
    if g.grounded_stuka_at(dest):
        return f"the Stuka stands on the airfield at {label(dest)} (DG-13.10)"
    if "tank_marker" in blockers and g.marker_at(dest) is not None:
        return f"a Soviet tank marker at {label(dest)} (DG-AMB-23)"
    return None


def entry_cards(g: DuelGame, p: Pos) -> int:
    cost = g.tt(p).tiger_cost or 1
    if p in g.front:
        cost += g.cfg.front.tiger_extra_cards
    return cost


def execute(g: DuelGame, t: Tank) -> list[Event]:
    """Run Tiger ``t``'s program card by card (DG-11.5)."""
    g.executed.add(t.number)
    cards = counted(g.programs.get(t.number, ()))
    full = g.programs.get(t.number, ())
    events = [Event("execute", f"Tiger {t.number} at {label(t.pos)} executes: {' '.join(full) or '(no cards)'}")]
    run_card: str | None = None
    run = 0
    moving = True
    turret_card: str | None = None
    for card in cards:
        if card in TURRET_CARDS:
            turret_card = card
            continue
        if not moving:
            continue
        if card in ("L", "R"):
            run_card, run = None, 0
            d = 1 if card == "R" else -1
            t.hull = (t.hull + d) % 6
            t.turret = (t.turret + d) % 6
            events.append(Event("tiger", f"Tiger {t.number} turns {'right' if d > 0 else 'left'} to {FACINGS[t.hull]}",
                                {"at": label(t.pos), "hull": FACINGS[t.hull]}))
            if g.tt(t.pos).snowdrift:
                g.terrain.pop(t.pos, None)
                g.drifts.pop(t.pos, None)
                events.append(Event("drift", f"the snowdrift at {label(t.pos)} is removed: the Tiger turned in it (DG-23.5)"))
            continue
        d = t.hull if card == "F" else opposite(t.hull)
        dest = g.geo.step(t.pos, d)
        why = _blocker(g, t, dest)
        if why is not None:
            moving = False
            tail = "" if "(DG-11.5)" in why else " (DG-11.5)"
            events.append(Event("tiger", f"Tiger {t.number} stops at {label(t.pos)}: blocked by {why}; its "
                                f"remaining movement cards are forfeited{tail}", {"blocked": why}))
            continue
        need = entry_cards(g, dest)
        if run_card == card and run > 0:
            run += 1
        else:
            run_card, run = card, 1
        if run < need:
            events.append(Event("tiger", f"Tiger {t.number}: card {run} of {need} needed to enter {label(dest)} "
                                "(DG-5.5, DG-AMB-16)"))
            continue
        run_card, run = None, 0
        origin = t.pos
        if g.tt(origin).snowdrift:
            g.terrain.pop(origin, None)
            g.drifts.pop(origin, None)
            events.append(Event("drift", f"the snowdrift at {label(origin)} is removed: a tank drove out (DG-23.5)"))
        t.pos = dest
        events.append(Event("tiger", f"Tiger {t.number} {'forward' if card == 'F' else 'backward'} "
                            f"{label(origin)} -> {label(dest)}", {"from": label(origin), "to": label(dest)}))
        if dest in g.front and g.cfg.rules.front.removal == "on_entry_by_any_tank":
            g.front.discard(dest)
            events.append(Event("front", f"the front element at {label(dest)} is removed (DG-5.5)"))
        if g.tt(dest).snowdrift:
            g.drifts[dest] = Drift(1, g.phase_seq, t.id)
            events.append(Event("drift", f"{label(dest)}: snowdrift entered, drop marker 1 (DG-23.6)"))
    if run > 0 and moving:
        lost = (f"the run of {run} {run_card} card(s) was too short to enter the next hex; those cards "
                "are lost (DG-AMB-16)")
        # the run and its card as data, so a preview says it in its own words (preview.lost_words)
        events.append(Event("tiger", f"Tiger {t.number}: {lost}", {"lost": lost, "run": run, "card": run_card}))
    rules = g.cfg.rules.tiger
    if turret_card is not None and (moving or rules.turret_card_after_block):
        t.turret = (t.hull + CLOCK[int(turret_card[1:])]) % 6
        events.append(Event("tiger", f"Tiger {t.number} turret to {turret_card[1:]} o'clock ({FACINGS[t.turret]})",
                            {"at": label(t.pos), "turret": FACINGS[t.turret]}))
    elif turret_card is None and rules.turret_default == "reset_12":
        t.turret = t.hull
    return events


def clock(t: Tank) -> int:
    return CLOCK_NAMES[(t.turret - t.hull) % 6]
