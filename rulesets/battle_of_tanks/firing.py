"""What a fire decision offers, target by target, with the rules' own odds.

When a fire part is due (BT-6.2: the FIRE or ATTACK of the active tank) or
an ambush window is open (BT-7.2: each ambusher of the reacting side may
fire), :func:`fire_choices` says who may fire, how many shots it has
(BT-6.2), and for every live enemy either why it cannot be fired at (the
refusal the rules give, with its rule ID: BT-6.1 sight, BT-6.4 hidden, BT-5.5
not spotted) or the exact chances of one shot -- to hit with every modifier
(BT-6.3, BT-6.4, BT-7.1) and to penetrate (BT-6.5; T only when hull to hull,
BT-6.7) -- and, where the target is HULL-DOWN, the same for a declared turret
shot (BT-6.6). The browser's fire panel shows these figures as they are; the
page computes no rule. Battle of Tanks has no hidden information, so this is
public.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from rulesets.battle_of_tanks.describe import Odds, odds
from rulesets.battle_of_tanks.odds import combine

if TYPE_CHECKING:
    from rulesets.battle_of_tanks.game import BattleGame
    from rulesets.battle_of_tanks.state import Tank


def fire_choices(game: BattleGame) -> dict[str, Any] | None:
    """The fire decision at hand as JSON-safe data, or ``None`` when none is due.

    ``{"verb": "fire" | "ambush", "mode": "fire" | "attack" | "ambush",
    "shooters": [{"key", "label", "shots", "firepower", "targets": [...]}]}``;
    each target is ``{"key", "label", "hp", "allowed", "rule", "reason",
    "cover", "hull_down", "hull_to_hull", "odds", "turret"}`` (``odds`` and
    ``turret`` as :func:`odds_json`, ``None`` where they do not apply)."""
    if game.result is not None or game.active is None:
        return None
    active = game.tank(game.active)
    if game.phase == "fire":
        verb, mode = "fire", ("attack" if active.order == "ATTACK" else "fire")
        shooters = [active]
    elif game.phase == "window":
        verb, mode = "ambush", "ambush"
        shooters = [t for t in game.tanks if t.side != active.side and t.alive and t.ambush]
    else:
        return None
    return {"verb": verb, "mode": mode,
            "shooters": [_shooter(game, t, mode) for t in shooters]}


def _shooter(game: BattleGame, shooter: Tank, mode: str) -> dict[str, Any]:
    targets = [_target(game, shooter, t, mode) for t in game.live() if t.side != shooter.side]
    return {"key": shooter.key, "label": shooter.label, "shots": shooter.card.rate_of_fire,
            "firepower": shooter.card.firepower, "targets": targets}


def _target(game: BattleGame, shooter: Tank, target: Tank, mode: str) -> dict[str, Any]:
    sight = game.sight(shooter, target)
    out: dict[str, Any] = {
        "key": target.key, "label": target.label, "hp": target.hp, "allowed": sight.allowed,
        "rule": None if sight.problem is None else sight.problem.rule,
        "reason": None if sight.problem is None else sight.problem.reason,
        "cover": sight.cover.level, "hull_down": bool(sight.allowed and sight.cover.hull_down),
        "hull_to_hull": sight.hull_to_hull, "odds": None, "turret": None,
    }
    if sight.allowed:
        out["odds"] = odds_json(game, shooter, target, mode, False)
        if out["hull_down"]:
            out["turret"] = odds_json(game, shooter, target, mode, True)
    return out


def odds_json(game: BattleGame, shooter: Tank, target: Tank, mode: str, turret: bool) -> dict[str, Any]:
    """One shot's chances (:func:`rulesets.battle_of_tanks.describe.odds`) with the
    to-hit number explained modifier by modifier (BT-6.3), fractions as text, and
    ``chances[n]``: what n shots at this target do, exact (issue 59.2, odds.py), so
    the fire panel shows the whole allocation's chance to destroy without a rule of its own."""
    o: Odds = odds(game, shooter, target, mode, turret)
    tn = game.to_hit(shooter, target, game.sight(shooter, target), mode, turret)
    chances = []
    for count in range(shooter.card.rate_of_fire + 1):
        whole = combine([o] * count, shooter.card.firepower, target.hp)
        chances.append({"shots": count, "destroys": _frac(whole.destroys), "damages": _frac(whole.damages),
                        "no_effect": _frac(whole.no_effect), "text": whole.text()})
    return {"chances": chances, "need": o.need, "explain": tn.explain(), "hit": _frac(o.hit), "penetrate": _frac(o.penetrate),
            "counts": "T" if o.turret_only else "T or W", "track": _frac(o.hit * o.track),
            "damage": _frac(o.damage), "expected": round(float(o.damage * shooter.card.firepower), 1)}


def _frac(value: Fraction) -> str:
    return str(value)
