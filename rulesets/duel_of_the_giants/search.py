"""What the computer players consider: the search's view of the legal actions.

The rules give a new T-34 any of 36 hull/turret pairs (activation, DG-9.7;
orientation after recon, DG-10.6). Every one is a legal decision, but the
turret turns for free in the tank's B3 move anyway, so on the AI's copies
(``DuelGame.search_copy``) such a T-34 is offered with its turret along its
hull (6 instead of 36). The list is pruned, never extended: the AI only ever
plays legal moves. Free re-orientations need no pruning here: the rules
themselves allow each once between actions (DG-15.6) or once per step A2
(DG-8.2).

Tiger programs are the one place where the search sees other actions than
the legal list: the game programs a Tiger card by card (tigers.py), and a
search that laid cards one decision at a time would judge a first card by
random continuations. At the first card of a stack the search instead
chooses among whole programs (:func:`program_candidates`), each an action
the game accepts as one decision (laying its cards and ending the stack):
every sequence of up to three movement cards and the straight forward runs,
each with and without a turret card -- the programs worth a look, which is a
judgement of the search, not a rule. Each is filled up with Stop cards to the
full stack, so the stack's height, which the Soviet side sees, tells nothing
(DG-11.4). The Stuka's flight is not searched at all: a pilot flies it
(launch only for a T-34 in reach, behind it, attack, home), and the search
only chooses among that pilot's action and free reconnaissance
(:func:`stuka_choices`). The playout policy for rollouts lives here too: it
plays like a side that knows its business (shots by their forecast, guns kept
hidden until they have a shot, the Stuka flown by a pilot), since the search
judges every decision by what the playouts make of it.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Hashable, Sequence
from functools import cache
from typing import TYPE_CHECKING, TypeVar

from core.game import Action
from rulesets.duel_of_the_giants import stuka
from rulesets.duel_of_the_giants.actions import (
    Activate,
    EndStep,
    Face,
    Fire,
    Hold,
    Orient,
    Program,
    Recon,
    StukaAction,
    T34Dash,
    T34Reveal,
    T34Step,
    T34Turret,
)
from rulesets.duel_of_the_giants.preview import course
from rulesets.duel_of_the_giants.threats import gun_has_shot
from rulesets.duel_of_the_giants.tigers import (
    MOVE_CARDS,
    TURRET_CARDS,
    counted,
    stack_size,
    unprogrammed,
)

if TYPE_CHECKING:
    from rulesets.duel_of_the_giants.game import DuelGame

T = TypeVar("T")


def prune(g: DuelGame, actions: list[Action]) -> list[Action]:
    """The search's share of ``actions`` (see the module docstring)."""
    if g.step not in _PRUNED_STEPS and not g.pending_orient:
        return actions
    return [a for a in actions
            if not (isinstance(a, _PLACED) and a.hull is not None and a.turret != a.hull)]


_PLACED = (Activate, Orient)
_DRIVES = (T34Step, T34Dash)
_T34_ACTS = (T34Step, T34Dash, T34Reveal)
_TURNS = (T34Turret, Face)
"""Classes the filters below test for, as tuples built once (``A | B`` in a loop is built per action)."""

_PRUNED_STEPS = frozenset({"O3", "B2"})
"""Steps that place new T-34s (orientation after recon may come anywhere)."""


def program_candidates(g: DuelGame) -> list[Action]:
    """Whole programs for the Tiger whose stack is still empty (module docstring);
    empty once a card is laid (then the search lays cards like anyone)."""
    if g.step != "A4" or g.draft or g.pending_orient or g.finished:
        return []
    left = unprogrammed(g)
    if not left:
        return []
    t = left[0]
    return list(_programs(t.number, t.track, stack_size(g, t)))


def destination(g: DuelGame, action: Action) -> Hashable:
    """Where a whole Tiger program leads as the board stands: its Tiger, end hex and
    hull facing (preview.course, public pieces only); any other action: itself.

    Of the several hundred programs (:func:`program_candidates`) many roads lead to one
    place -- ``L B``, ``L F B`` and ``F L B`` may all end on one hex facing one way,
    each with six turret cards -- and their one-ply values differ by little more than
    the cost of a card (view.CARD_COST). Picked by value alone, the few candidates a
    search compares were mostly one place by several roads, and more search only
    ranked the roads. The turret is left to the one-ply value (the best seeded road
    to a place stands for it): it turns in combat too (DG-17), a Tiger's place does
    not change before the next program."""
    if not isinstance(action, Program):
        return action
    c = course(g, action.tiger, counted(action.cards))
    return (action.tiger, c.end, c.hull)


@cache
def _programs(number: int, track: int, size: int) -> tuple[Program, ...]:
    return tuple(Program(number, _filled(cards, size)) for cards in _candidates(track))


def _filled(cards: tuple[str, ...], size: int) -> tuple[str, ...]:
    """``cards``, then Stop cards up to a stack of ``size`` (DG-11.4)."""
    return cards + ("S",) * (size - len(cards))


@cache
def _candidates(track: int) -> tuple[tuple[str, ...], ...]:
    seqs: list[tuple[str, ...]] = []
    for n in range(0, min(3, track) + 1):
        seqs += list(itertools.product(MOVE_CARDS, repeat=n))
    for n in range(4, track + 1):
        seqs.append(("F",) * n)
    out: list[tuple[str, ...]] = []
    for s in seqs:
        out.append(s)
        if len(s) < track:
            out += [(*s, c) for c in TURRET_CARDS]
    return tuple(out)


SHOT_PRIORS = {"destroyed": 3.0, "critically damaged": 2.5, "damaged": 2.0, "no effect": 0.0}
"""How a declared shot ranks by what it would do as the board stands (combat.forecast);
holding fire ranks between a shot that does something and one that does nothing."""
HOLD_PRIOR = 1.0


def priors(g: DuelGame, actions: Sequence[Action]) -> list[float] | None:
    """The order a search tries ``actions`` in, and greedy's choice among equal values.

    A fire declaration changes nothing on the board until its stage resolves, so a
    one-decision player that declares before the other side values every
    declaration alike (the German side declares first, DG-17.4). Read from the
    public forecast instead: a shot that destroys or damages first, then holding
    fire, then a shot that would do nothing and only give the shooter away
    (DG-17.12). Any other decision: ``None``, no opinion (the search asks at every
    node, and a Tiger's several hundred programs need no ranking of zeros).
    """
    if g.combat is None or not g.combat.queue:
        return None
    from rulesets.duel_of_the_giants.combat import forecast

    out: list[float] = []
    for a in actions:
        if isinstance(a, Fire):
            f = forecast(g, a)
            out.append(0.0 if f is None else SHOT_PRIORS[f.result])
        else:
            out.append(HOLD_PRIOR if isinstance(a, Hold) else 0.0)
    return out


def likely_declaration(g: DuelGame, uid: str, rng: random.Random) -> str | None:
    """A declaration for the unit ``uid`` as its side would likely make it, read from the
    public forecasts alone: the target of the shot :data:`SHOT_PRIORS` ranks highest, or
    holding fire where no shot ranks above it (ties at random).

    The other side's declarations of the stage under way are hidden (DG-17.4); a
    search that dealt them uniformly would expect a gun to hold fire half the time
    when it has one shot, and walk into it.
    """
    from rulesets.duel_of_the_giants.combat import shot_forecast, unit

    shooter = unit(g, uid)
    assert g.combat is not None
    choices: list[str | None] = [None]
    scores = [HOLD_PRIOR]
    for tid in g.combat.options.get(uid, []):
        target = unit(g, tid)
        if shooter is not None and target is not None:
            choices.append(tid)
            scores.append(SHOT_PRIORS[shot_forecast(g, shooter, target).result])
    return best_of(choices, scores, rng)


def best_of(choices: Sequence[T], scores: Sequence[float], rng: random.Random) -> T:
    """The choice with the highest score, ties at random (one draw from ``rng``): how
    a playout declares (:func:`playout_action`) and how a search deals the other
    side's hidden declarations (:func:`likely_declaration`) rank alike."""
    top = max(scores)
    best = [c for c, s in zip(choices, scores, strict=True) if s == top]
    return best[rng.randrange(len(best))]


_ATG_STEPS = frozenset({"A1b", "A2", "D1"})
TIRE_CHANCE = 0.1
"""How often a playout puts a gun on a tire marker (out of the fight for a round, DG-12.6)."""


def _atg_playout(g: DuelGame, actions: list[Action], rng: random.Random) -> Action:
    """The German guns in a playout, as a gunner would handle them: a face-down gun
    stays hidden unless a T-34 stands on its ray for a shot that hits (D1, DG-8.5);
    no activation for recon in A2 and seldom a tire marker (A1b). Uniform play
    would turn guns up and haul them at random, and the search would judge every
    decision by playouts that had thrown the guns away."""
    end = next((a for a in actions if isinstance(a, EndStep)), None)
    if g.step == "D1":
        shots = [a for a in actions if isinstance(a, Activate) and gun_has_shot(g, a.at)]
        if shots:
            return shots[rng.randrange(len(shots))]
    elif g.step == "A1b":
        tires = [a for a in actions if not isinstance(a, EndStep)]
        if tires and (end is None or rng.random() < TIRE_CHANCE):
            return tires[rng.randrange(len(tires))]
    if end is not None:
        return end
    return actions[rng.randrange(len(actions))]


def stuka_choices(g: DuelGame, actions: list[Action]) -> list[Action]:
    """The search's share of the Stuka's decision: the pilot's action
    (:func:`stuka_playout`) and any reconnaissance (free, DG-10.4); empty where the
    Stuka has no decision. The flight itself is not searched: its one attack is worth
    one T-34, too little to stand out in the noise of whole playouts, and a search
    weighing launch against staying, or each turn of the flight, by playouts spends
    the one flight (DG-13.1) on nothing."""
    if g.stuka is None:
        return []
    pilot = stuka_playout(g, actions)
    if pilot is None:
        return []
    return [pilot, *(a for a in actions if isinstance(a, Recon))]


def stuka_playout(g: DuelGame, actions: list[Action]) -> Action | None:
    """The Stuka's decision in a playout, as a pilot would fly it: attack a T-34 it
    stands behind; launch only for a T-34 it can reach in this flight phase; in the
    air, fly toward the nearest such T-34 it can also return from, else home, and land
    there (DG-13); None where it has no decision. Flown at random, it would mostly
    miss every T-34 and often force-land (DG-13.7), and the search would judge its
    other decisions by playouts that had thrown the Stuka away."""
    s = g.stuka
    assert s is not None
    ops: dict[str, Action] = {}
    for a in actions:
        if isinstance(a, StukaAction):
            if a.op == "attack":
                return a
            ops[a.op] = a
    if not ops:
        return None
    end = next((a for a in actions if isinstance(a, EndStep)), None)
    if s.state == "ground":
        in_reach = stuka.strikes(g, g.cfg.weapons.stuka.actions_per_flight_phase)
        return ops["launch"] if in_reach and "launch" in ops else end
    targets = stuka.strikes(g, s.actions_left)
    goal = targets[0][1] if targets else s.airfield
    if goal == s.pos and "land" in ops:
        return ops["land"]
    here = stuka.flight_actions(g, s.pos, s.facing, goal)
    moves = [(stuka.flight_actions(g, *stuka.after_action(g, op), goal), op) for op in ("F", "L", "R") if op in ops]
    closer = [(n, op) for n, op in moves if n is not None and (here is None or n < here)]
    return ops[min(closer)[1]] if closer else end


def playout_action(g: DuelGame, actions: list[Action], rng: random.Random) -> Action:
    """One decision of the rollout policy: random, but shaped like real play.

    Uniform play would mostly turn turrets and stop T-34s after one step
    (selecting another tank ends the previous one's move). Instead: each unit
    declares the shot its forecast ranks best, or holds fire (:func:`priors`);
    the German guns are handled by :func:`_atg_playout`; a T-34 keeps driving
    forward while it can, turret turns and passes are rare, and everything
    else is uniform.
    """
    if g.step == "D2":
        ranks = priors(g, actions)
        if ranks is not None:
            return best_of(actions, ranks, rng)
    if g.step in _ATG_STEPS:
        return _atg_playout(g, actions, rng)
    if g.step == "D4" and g.stuka is not None:
        flight = stuka_playout(g, actions)
        if flight is not None:
            return flight
    if g.step == "B3":
        active = g.active_t34
        at = g.tanks[active].pos if active is not None and active in g.tanks else None
        moves: list[Action] = [a for a in actions if isinstance(a, _DRIVES)
                 and (at is None or a.at == at) and getattr(a, "op", "F") != "B"]
        if moves and rng.random() < 0.85:
            forward = [a for a in moves if not isinstance(a, T34Step) or a.op == "F"]
            drive = forward if forward and rng.random() < 0.7 else moves
            return drive[rng.randrange(len(drive))]
        others = [a for a in actions if isinstance(a, _T34_ACTS)
                  and (at is None or a.at != at)]
        if others and rng.random() < 0.8:
            return others[rng.randrange(len(others))]
        end = [a for a in actions if isinstance(a, EndStep)]
        if end:
            return end[0]
    plain = [a for a in actions if not isinstance(a, _TURNS)]
    pool = plain or actions
    return pool[rng.randrange(len(pool))]
