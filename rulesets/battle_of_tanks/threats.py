"""``threats``: which enemies have each of your tanks in sight and range, and how badly
(issue 59.1).

For every live tank of the asking side (the side to move when the asker is not
known), each live enemy that sees it -- within the enemy's sight range and not
completely hidden by tall terrain (BT-6.1, BT-6.4) -- is named with the cover the
tank has from it (BT-6.4) and what the enemy's whole rate of fire (BT-6.2) would
do to it in a FIRE as things stand (exact, odds.py); an enemy that sees it in
cover but could not fire for want of a spot marker says so (BT-5.5: a RECON must
spot it this round first). Battle of Tanks hides nothing (the table is open), so
the answer uses no more than any seat may see. The command changes nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from core.errors import TanktableError
from core.game import TableCommand
from rulesets.battle_of_tanks.odds import outcome, pct

if TYPE_CHECKING:
    from rulesets.battle_of_tanks.game import BattleGame
    from rulesets.battle_of_tanks.state import Tank

USAGE = "threats [TANK]"


def threat_lines(game: BattleGame, tank: Tank) -> list[str]:
    """One line per enemy that has ``tank`` in sight and range, or one saying none does."""
    out = []
    for enemy in game.live():
        if enemy.side == tank.side:
            continue
        seen = game.look(enemy, tank)
        if not seen.visible:
            continue
        sight = game.sight(enemy, tank)
        where = f"{enemy.label} at {seen.distance:.0f} cm, {tank.label} in {seen.cover.level}"
        if sight.allowed:
            shots = enemy.card.rate_of_fire
            o = outcome(game, enemy, tank, "fire", shots)
            out.append(f"{where}: a FIRE of {shots} shot(s) destroys it {pct(o.destroys)}, "
                       f"damages it {pct(o.damages)}")
        elif sight.problem is not None and sight.problem.rule == "BT-5.5":
            out.append(f"{where}: may fire only once {tank.label} is spotted this round (BT-5.5)")
        else:
            out.append(f"{where}: may not fire ({sight.problem.reason if sight.problem else 'no shot'})")
    return out or ["no enemy has it in sight and range"]


def threats(game: BattleGame, player: int | None, arguments: str) -> str:
    """Each of the side's tanks (or the one named) with the enemies that have it in sight."""
    side = game.players[game.to_move() if player is None else player]
    words = arguments.split()
    if len(words) > 1:
        raise TanktableError(f"usage: {USAGE}")
    if words:
        found = game.find(words[0])
        if found is None:
            raise TanktableError(f"no tank called {words[0]!r} ({', '.join(t.label for t in game.tanks)})")
        tanks = [found]
    else:
        tanks = [t for t in game.live() if t.side == side]
    lines = []
    for t in tanks:
        lines.append(f"{t.label} ({t.x:.0f},{t.y:.0f}, {t.hp} HP):")
        lines += [f"  {line}" for line in threat_lines(game, t)]
    return "\n".join(lines) if lines else f"side {side} has no tank left"


COMMANDS = (TableCommand("threats", USAGE, "which enemies have each of your tanks in sight and range, "
                                           "with its cover and their chance to destroy it", threats),)
