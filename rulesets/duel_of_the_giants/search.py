"""What the computer players consider: the search's view of the legal actions.

The rules give a new T-34 any of 36 hull/turret pairs (activation, DG-9.7;
orientation after recon, DG-10.6). Every one is a legal decision, but the
turret turns for free in the tank's B3 move anyway, so on the AI's copies
(``DuelGame.search_copy``) such a T-34 is offered with its turret along its
hull (6 instead of 36). The list is pruned, never extended: the AI only ever
plays legal moves. Free re-orientations need no pruning here: the rules
themselves allow each once between actions (DG-15.6) or once per step A2
(DG-8.2). The playout policy for rollouts lives here too.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from core.game import Action
from rulesets.duel_of_the_giants.actions import (
    Activate,
    EndStep,
    Face,
    Fire,
    Orient,
    T34Dash,
    T34Reveal,
    T34Step,
    T34Turret,
)

if TYPE_CHECKING:
    from rulesets.duel_of_the_giants.game import DuelGame


def prune(g: DuelGame, actions: list[Action]) -> list[Action]:
    """The search's share of ``actions`` (see the module docstring)."""
    if g.step not in _PRUNED_STEPS and not g.pending_orient:
        return actions
    return [a for a in actions
            if not (isinstance(a, Activate | Orient) and a.hull is not None and a.turret != a.hull)]


_PRUNED_STEPS = frozenset({"O3", "B2"})
"""Steps that place new T-34s (orientation after recon may come anywhere)."""


def playout_action(g: DuelGame, actions: list[Action], rng: random.Random) -> Action:
    """One decision of the rollout policy: random, but shaped like real play.

    Uniform play would mostly turn turrets and stop T-34s after one step
    (selecting another tank ends the previous one's move). Instead: shots
    are taken, a T-34 keeps driving forward while it can, turret turns and
    passes are rare, and everything else is uniform.
    """
    fires = [a for a in actions if isinstance(a, Fire)]
    if fires:
        return fires[rng.randrange(len(fires))]
    if g.step == "B3":
        active = g.active_t34
        at = g.tanks[active].pos if active is not None and active in g.tanks else None
        moves: list[Action] = [a for a in actions if isinstance(a, T34Step | T34Dash)
                 and (at is None or a.at == at) and getattr(a, "op", "F") != "B"]
        if moves and rng.random() < 0.85:
            forward = [a for a in moves if not isinstance(a, T34Step) or a.op == "F"]
            drive = forward if forward and rng.random() < 0.7 else moves
            return drive[rng.randrange(len(drive))]
        others = [a for a in actions if isinstance(a, T34Step | T34Dash | T34Reveal)
                  and (at is None or a.at != at)]
        if others and rng.random() < 0.8:
            return others[rng.randrange(len(others))]
        end = [a for a in actions if isinstance(a, EndStep)]
        if end:
            return end[0]
    plain = [a for a in actions if not isinstance(a, T34Turret | Face)]
    pool = plain or actions
    return pool[rng.randrange(len(pool))]
