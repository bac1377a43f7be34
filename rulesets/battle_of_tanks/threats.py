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

import copy
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from core.errors import TanktableError
from core.game import TableCommand
from rulesets.battle_of_tanks.odds import outcome, pct

if TYPE_CHECKING:
    from core.geometry import Pose
    from rulesets.battle_of_tanks.game import BattleGame
    from rulesets.battle_of_tanks.state import Tank

USAGE = "threats [TANK]"

DEADLY = Fraction(1, 2)
"""A FIRE that destroys the tank at least this often makes the place deadly (the
browser's red tint); any smaller chance of harm is "in fire" (amber)."""


@dataclass(frozen=True)
class Threat:
    """One enemy that has a tank in sight and range (BT-6.1), as its next FIRE would find it."""

    enemy: str
    """The enemy's label (``tiger#1``)."""
    distance: float
    cover: str
    """The tank's cover from the enemy (BT-6.4): open, light or heavy."""
    shots: int
    """The enemy's whole rate of fire (BT-6.2)."""
    destroys: Fraction
    damages: Fraction
    spot_first: bool
    """In cover and not spotted: the enemy may fire only once a RECON spots it this round (BT-5.5)."""
    refused: str | None
    """Another reason it may not fire (``None``: it may, or must only spot first)."""
    acted: str | None = None
    """Why it cannot fire again this round (it has had its order, BT-4.2), in a player's
    words; ``None``: it still may (no order yet, a waiting AMBUSH, or firing right now).
    Such an enemy is no danger now and counts in no danger level (hidden playtest of 59)."""

    def words(self, label: str) -> str:
        """What its FIRE at the tank called ``label`` would do, in a player's words."""
        if self.acted is not None:
            if GAME_ENDS in self.acted:
                return self.acted
            return f"{self.acted}; then, standing so: {self._fire_words(label)}"
        return self._fire_words(label)

    def _fire_words(self, label: str) -> str:
        if self.spot_first:
            return f"may fire only once {label} is spotted this round (BT-5.5)"
        if self.refused is not None:
            return f"may not fire ({self.refused})"
        return f"a FIRE of {self.shots} shot(s) destroys it {pct(self.destroys)}, damages it {pct(self.damages)}"


GAME_ENDS = "the game ends"
"""How :func:`acted_note` starts its last-round words (no next round to warn of)."""

SHOOTING_ORDERS = ("FIRE", "ATTACK")
"""Orders whose tank fires in its own activation (BT-5)."""


def acted_note(game: BattleGame, enemy: Tank) -> str | None:
    """Hidden playtest of issue 59 (``threats`` said an IS-2 "damages it 44%" in the last
    round after the IS-2 had made its ATTACK): an enemy that has had its order this round
    (BT-4.2: one order per tank per round) cannot fire again before the round ends, so
    say when it can; ``None`` while it still may fire this round -- no order yet, a
    waiting AMBUSH (BT-7.1: it may still react), or its FIRE/ATTACK being carried out now."""
    if enemy.order is None or enemy.ambush:
        return None
    if enemy.key == game.active and enemy.order in SHOOTING_ORDERS:
        return None
    head = f"has acted this round ({enemy.order})"
    final = game.final_round()
    if final is not None and game.round >= final[0]:
        return f"{head}: {GAME_ENDS} with this round {game.round} before it acts again (no danger)"
    return f"{head}: no danger before round {game.round + 1}"


def threats_to(game: BattleGame, tank: Tank, pose: Pose | None = None) -> list[Threat]:
    """Every live enemy that would have ``tank`` in sight and range standing at ``pose``
    (default: where it stands), with its cover and what the enemy's next FIRE would do
    there, exact (odds.py). A tank placed elsewhere is judged as one that moved this
    round (BT-6.3), as it would be after its drive. Battle of Tanks hides nothing on the
    table (spot markers included), so this reads only what every seat sees."""
    target = tank
    if pose is not None:
        target = copy.copy(tank)
        target.x, target.y, target.heading = pose.x, pose.y, pose.heading
        target.moved = tank.moved or (pose.x, pose.y) != (tank.x, tank.y)
    out = []
    for enemy in game.live():
        if enemy.side == tank.side:
            continue
        seen = game.look(enemy, target)
        if not seen.visible:
            continue
        sight = game.sight(enemy, target)
        shots = enemy.card.rate_of_fire
        destroys = damages = Fraction(0)
        spot = refused = None
        if sight.allowed:
            o = outcome(game, enemy, target, "fire", shots)
            destroys, damages = o.destroys, o.damages
        elif sight.problem is not None and sight.problem.rule == "BT-5.5":
            spot = True
        else:
            refused = sight.problem.reason if sight.problem else "no shot"
        out.append(Threat(enemy.label, seen.distance, seen.cover.level, shots, destroys, damages,
                          bool(spot), refused, acted_note(game, enemy)))
    return out


IN_COVER = {"open": "in the open", "light": "in light cover", "heavy": "in heavy cover", "hidden": "hidden"}
"""A cover level (BT-6.4) as a place a tank is in: ``t34#1 in heavy cover`` (issue 59)."""


def threat_lines(game: BattleGame, tank: Tank) -> list[str]:
    """One line per enemy that has ``tank`` in sight and range, or one saying none does."""
    return [f"{t.enemy} at {t.distance:.0f} cm, {tank.label} {IN_COVER.get(t.cover, 'in ' + t.cover)}: "
            f"{t.words(tank.label)}"
            for t in threats_to(game, tank)] or ["no enemy has it in sight and range"]


def danger_level(threats: list[Threat]) -> str:
    """``dead`` (some enemy's FIRE destroys it at least half the time), ``fire`` (some
    FIRE could harm it), ``spot`` (seen in cover: harmed only once spotted), or ``""``;
    an enemy that has acted this round counts for none (:func:`acted_note`)."""
    threats = [t for t in threats if t.acted is None]
    if any(t.destroys >= DEADLY for t in threats):
        return "dead"
    if any(t.destroys or t.damages for t in threats):
        return "fire"
    if any(t.spot_first for t in threats):
        return "spot"
    return ""


DANGER_HEADS = {"dead": "deadly", "fire": "under fire", "spot": "seen in cover"}
"""How a place's danger reads before its shooters (``under fire: tiger#1 ...``)."""


def danger_text(threats: list[Threat]) -> str:
    """A place's danger in a line: its level, then each shooter with the tank's cover
    from it and what its FIRE would do (``under fire: tiger#1 (open) destroys 47%,
    damages 30%; is2#1 (light) only once spotted (BT-5.5)``); ``""`` when no enemy
    would have it in sight and range."""
    parts = []
    for t in threats:
        if t.acted is not None:
            continue  # has had its order this round: no danger now (acted_note)
        if t.spot_first:
            parts.append(f"{t.enemy} ({t.cover}) only once spotted (BT-5.5)")
        elif t.refused is None:
            parts.append(f"{t.enemy} ({t.cover}) destroys {pct(t.destroys)}, damages {pct(t.damages)}")
    level = danger_level(threats)
    return f"{DANGER_HEADS[level]}: {'; '.join(parts)}" if level else ""


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
