"""``card NAME`` at the table: a tank's card (BT-2) and its state in this game.

NAME is a tank of the game (its label or key, ``lynx``, ``a2``; a label's
``#N`` may be added or left off, ``tiger`` for ``tiger#1`` when it is the only
one), or a card (its id, short label or name: ``tiger-i``, ``luchs``). The
card gives the numbers the rules use; a tank adds where it stands and what
it carries (hit points left, order, track, ambush, spotted). Battle of Tanks
hides nothing, so every player reads every tank.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from core.errors import TanktableError, did_you_mean
from rulesets.battle_of_tanks import catalogue as cat
from rulesets.battle_of_tanks.actions import num
from rulesets.battle_of_tanks.models import TankCard

if TYPE_CHECKING:
    from rulesets.battle_of_tanks.game import BattleGame
    from rulesets.battle_of_tanks.state import Tank


def card_text(game: BattleGame, name: str) -> str:
    """The card of the tank or card ``name`` names (see the module's docstring)."""
    tank = _tank(game, name.strip())
    if tank is not None:
        return "\n".join(_tank_lines(game, tank))
    card = _card(game, name.strip())
    if card is not None:
        return "\n".join([f"{card.name} ({card.id})", *_card_lines(game, card, None)])
    words = [t.label for t in game.tanks] + list(_pool(game))
    raise TanktableError(f"no tank or card {name!r}{did_you_mean(name, words)}; "
                         f"tanks: {', '.join(t.label for t in game.tanks)}; cards: {', '.join(_pool(game))}")


def _tank(game: BattleGame, name: str) -> Tank | None:
    found = game.find(name) or (game.find(name.split("#")[0]) if "#" in name else None)
    if found is not None:
        return found
    starts = [t for t in game.tanks if t.label.lower().startswith(name.lower())]
    return starts[0] if len(starts) == 1 else None


def _pool(game: BattleGame) -> dict[str, TankCard]:
    """The shipped cards and every card a tank of this game carries (a user's own)."""
    pool = dict(cat.shipped_cards())
    pool.update({t.card.id: t.card for t in game.tanks})
    return pool


def _card(game: BattleGame, name: str) -> TankCard | None:
    wanted = name.lower().split("#")[0]
    for card in _pool(game).values():
        if wanted in (card.id.lower(), card.label.lower(), card.name.lower()):
            return card
    return None


def _card_lines(game: BattleGame, card: TankCard, tank: Tank | None) -> list[str]:
    mv = game.rules.movement
    size = card.footprint or game.rules.footprint
    measure = "between footprints" if game.rules.sight.measure == "footprints" else "between centres"
    sp = game.rules.spotting
    hp = f"{tank.hp} of {card.hit_points}" if tank is not None else f"{card.hit_points}"
    rows = [
        ("tier", f"{card.tier} points (BT-1.1)"),
        ("hit points", hp),
        ("move", f"{num(card.move_cm)} cm; ATTACK {num(card.move_cm * mv.attack_fraction)} cm, "
                 f"RETREAT {num(card.move_cm * mv.retreat_fraction)} cm (BT-5)"),
        ("sight", f"{num(card.sight_cm)} cm, {measure} (BT-6.1)"),
        ("recon", f"{card.recon}+; light cover +{sp.light_cover_extra}, heavy cover +{sp.heavy_cover_extra} (BT-5.4)"),
        ("accuracy", f"{card.accuracy}+ (BT-6.3)"),
        ("rate of fire", f"{card.rate_of_fire} shot(s) per activation (BT-6.2)"),
        ("firepower", f"{card.firepower} hit points per penetration (BT-6.5)"),
        ("repair", f"{card.repair}+ (BT-5.3)"),
        ("footprint", f"{num(size.length_cm)} x {num(size.width_cm)} cm (BT-2.1)"),
    ]
    if card.notes:
        rows.append(("notes", card.notes))
    width = max(len(key) for key, _ in rows)
    return [f"  {key:<{width}}  {value}" for key, value in rows]


def _tank_lines(game: BattleGame, tank: Tank) -> list[str]:
    card = tank.card
    state = [f"at {num(tank.x)},{num(tank.y)} facing {num(tank.heading)} deg",
             f"order {tank.order}" if tank.order else "no order yet this round",
             *tank.state_words()]
    if tank.key in game.spotted:
        state.append("spotted")
    head = f"{tank.label} ({tank.key}, side {tank.side}): {card.name} ({card.id})"
    return [head, *_card_lines(game, card, tank), f"  {'now':<12}  {'; '.join(state)}"]

