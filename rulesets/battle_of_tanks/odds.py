"""What shots do, in a player's words: destroys X%, damages Y%, no effect Z% (issue 59.2).

The chances are exact, counted over the dice the rules roll (not sampled): each
shot rolls the d6 to hit against its target number (BT-6.3, with the cover and
order modifiers of BT-6.4 / BT-7.1) and, on a hit, the penetration die
(BT-6.5, faces from ``data/battle_of_tanks/rules.yaml``): T or W take the
shooter's firepower off the hit points (only T for a turret shot at a
HULL-DOWN tank, BT-6.6, or hull to hull, BT-6.7), K damages the track, blank
bounces. A tank at 0 HP is destroyed (BT-6.5).

Several shots at one target (one shooter's allocation, BT-6.2) are combined
exactly: the number of penetrations is convolved shot by shot, so "destroys"
is the chance that enough of them penetrate to bring the target to 0 HP.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from rulesets.battle_of_tanks.describe import Odds, odds

if TYPE_CHECKING:
    from rulesets.battle_of_tanks.game import BattleGame
    from rulesets.battle_of_tanks.state import Tank


MOST_LOSSES = 3  # hit-point losses named in an outcome's words; the larger ones are summed


@dataclass(frozen=True)
class Outcome:
    """The chances of what a number of shots at one target do, exact.

    ``destroys`` + ``damages`` + ``no_effect`` == 1. ``hp_lost`` maps the hit
    points the target would lose (short of destruction) to their chance;
    ``track`` is the chance its track is damaged and it survives."""

    destroys: Fraction
    damages: Fraction
    no_effect: Fraction
    hp_lost: tuple[tuple[int, Fraction], ...]
    track: Fraction
    hp: int

    def text(self) -> str:
        """``destroys it 47%, damages it 30% (-120 HP 25%, track 8%), no effect 23%``.

        Of the hit points lost, the MOST_LOSSES smallest are named and the rest summed as
        ``-120 HP or more 7%``: ten shots have ten outcomes, and a list of ``-270 HP <1%``
        reads as noise beside the target on the table (playtest)."""
        parts = [f"destroys it {pct(self.destroys)}"]
        if self.damages:
            losses = sorted((lost, p) for lost, p in self.hp_lost if p)
            what = [f"-{lost} HP {pct(p)}" for lost, p in losses[:MOST_LOSSES]]
            beyond = losses[MOST_LOSSES:]
            if len(beyond) == 1:
                what.append(f"-{beyond[0][0]} HP {pct(beyond[0][1])}")
            elif beyond:
                what.append(f"-{beyond[0][0]} HP or more {pct(sum((p for _, p in beyond), Fraction(0)))}")
            if self.track:
                what.append(f"track {pct(self.track)}")
            parts.append(f"damages it {pct(self.damages)} ({', '.join(what)})")
        parts.append(f"no effect {pct(self.no_effect)}")
        return ", ".join(parts)


def pct(p: Fraction) -> str:
    """A chance as a player reads it: ``47%``; ``<1%`` / ``>99%`` rather than a false 0 or 100."""
    if p == 0:
        return "0%"
    if p == 1:
        return "100%"
    value = round(float(p) * 100)
    if value == 0:
        return "<1%"
    if value == 100:
        return ">99%"
    return f"{value}%"


def combine(shots: list[Odds], firepower: int, hp: int) -> Outcome:
    """The exact outcome of ``shots`` (each its own :class:`Odds`) at a target of ``hp``
    hit points by a shooter of ``firepower`` (BT-6.5): a convolution over the shots of
    (penetrations so far, capped at the number that destroys; track damaged or not).

    Remembered: the convolution in fractions takes milliseconds for a lynx's ten shots,
    and a page asks it for every place a tank may end (issue 59.1) with few distinct
    answers (a handful of covers and hit points)."""
    return _combine(tuple(shots), firepower, hp)


@functools.lru_cache(maxsize=4096)
def _combine(shots: tuple[Odds, ...], firepower: int, hp: int) -> Outcome:
    kill = max(1, -(-hp // firepower)) if firepower > 0 else len(shots) + 1
    # state: (penetrations, track) -> chance
    states: dict[tuple[int, bool], Fraction] = {(0, False): Fraction(1)}
    for o in shots:
        pen = o.hit * o.penetrate
        trk = o.hit * o.track
        rest = 1 - pen - trk
        nxt: dict[tuple[int, bool], Fraction] = {}
        for (n, tracked), p in states.items():
            for (dn, dt), q in (((1, False), pen), ((0, True), trk), ((0, False), rest)):
                if not q:
                    continue
                key = (min(kill, n + dn), tracked or dt)
                nxt[key] = nxt.get(key, Fraction(0)) + p * q
        states = nxt
    destroys = sum((p for (n, _), p in states.items() if n >= kill), Fraction(0))
    no_effect = states.get((0, False), Fraction(0))
    lost: dict[int, Fraction] = {}
    track = Fraction(0)
    for (n, t), p in states.items():
        if n >= kill:
            continue
        if n:
            lost[n * firepower] = lost.get(n * firepower, Fraction(0)) + p
        if t:
            track += p
    return Outcome(destroys, 1 - destroys - no_effect, no_effect, tuple(sorted(lost.items())), track, hp)


def outcome(game: BattleGame, shooter: Tank, target: Tank, mode: str, count: int, turret: bool = False) -> Outcome:
    """``count`` shots of ``shooter`` at ``target`` in ``mode`` (fire, attack, ambush)."""
    one = odds(game, shooter, target, mode, turret)
    return combine([one] * count, shooter.card.firepower, target.hp)


def allocation(game: BattleGame, shooter: Tank, target: Tank, mode: str,
               shots: list[tuple[int, bool]]) -> Outcome:
    """The whole allocation at one target: ``shots`` as (count, turret) parts (BT-6.2)."""
    each: list[Odds] = []
    for count, turret in shots:
        each += [odds(game, shooter, target, mode, turret)] * count
    return combine(each, shooter.card.firepower, target.hp)
