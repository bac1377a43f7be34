"""The base-plate warning (BT-8.2), as the browser table shows it in both seats' turn panel.

A hidden playtester lost on the base plate without a word of warning: the rule
wins the game for a tank that stood on the enemy base plate for a complete round
without taking damage (on the plate at the round's start and end, no hit points
lost, no track hit). For each tank standing on its enemy's plate now, this says
when it wins if nothing stops it, and what stops it, from the game's own record
of the round (``plate_at_start``, ``damaged``, ``plate_rounds``) and the rules'
``victory.base_plate_rounds``, exactly as :meth:`BattleGame._end_round` judges it.
"""

from __future__ import annotations

from typing import Any

from rulesets.battle_of_tanks.game import OTHER, BattleGame
from rulesets.battle_of_tanks.state import Tank

STOPS = "unless it loses hit points, takes a track hit or leaves the plate before then (BT-8.2)"
"""What stops a tank on the plate, in a player's words (BT-8.2's "without taking damage")."""


def plate_threats(game: BattleGame) -> list[dict[str, Any]]:
    """One entry a live tank on its enemy's base plate: ``tank`` (its label), ``side``
    (its own), ``plate`` (whose plate), ``round`` (the round at whose end it wins if
    nothing stops it) and ``text`` (when and what stops it, after "X is on P's base plate: ")."""
    out: list[dict[str, Any]] = []
    for t in on_enemy_plates(game):
        wins, text = plate_words(game, t)
        out.append({"tank": t.label, "key": t.key, "side": t.side, "plate": OTHER[t.side], "round": wins,
                    "text": text})
    return out


def on_enemy_plates(game: BattleGame) -> list[Tank]:
    """The live tanks standing on their enemy's base plate now, in a game not yet over:
    the ones the warning is about, at the browser table and the terminal alike."""
    if game.result is not None:
        return []
    return [t for t in game.tanks if t.alive and OTHER[t.side] in game.field.bases
            and game.field.on_plate(OTHER[t.side], t.pose, t.length, t.width)]


def plate_words(game: BattleGame, t: Tank, subject: str = "it") -> tuple[int, str]:
    """When ``t``, on its enemy's plate, wins and what stops it (``subject`` names the
    winner: "it", or its side on the terminal's board, which says the same words). A
    round limit that ends the game first is said instead of a round that never comes
    (hidden playtest: "wins at the end of round 6" in a game that stopped after round 5)."""
    needed = game.rules.victory.base_plate_rounds
    if t.plate_at_start and not t.damaged:
        wins = game.round + max(needed - t.plate_rounds - 1, 0)
        text = f"{subject} wins at the end of round {wins} {STOPS}"
    else:
        why = "it was damaged this round" if t.plate_at_start else "it came this round"
        wins = game.round + needed
        text = (f"{why}, so {subject} wins at the end of round {wins} if it is still there when round "
                f"{game.round + 1} begins, {STOPS}")
    final = game.final_round()
    if final is not None and wins > final[0]:
        last, how = final
        text = (f"the game ends first, at the end of round {last} {how}: {subject} would win on the plate "
                f"only at the end of round {wins} (BT-8.2)")
    return wins, text
