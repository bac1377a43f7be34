"""Cover of a hex against an attack, by the hex terrain chart.

- The terrain's cover (open 0, orchard 1, woods 2, stream -1); none in a hex
  no unit can occupy (water barrier, HTC-T98).
- A fortification's cover *replaces* the terrain's (HTC-F100.4), with its
  mortar/artillery value against those attacks (bunker 6/7, foxholes 3/4,
  pillbox 5/6, trench 4/5; HTC-F101-F105).
- A hexside feature with cover (wall 2, HTC-T97) counts when the attack
  crosses it as it enters the target hex, except for mortar/artillery; the
  defender then has the better of that and the hex's cover (Decision: the
  chart says "none, or 2", not how it meets terrain cover).
- A path feature's ``cover_modifier`` (road -1, HTC-T93) applies last, to
  whichever cover the hex has -- fortification cover included (HTC-T93.2:
  foxholes with a road give 3 - 1).
- Against a fortification's own attack (mines) the cover is its fixed
  ``cover_vs_self`` (0) and nothing modifies it (HTC-F103.2).

Whether an attack crosses a wall: the last step of the line from the
attacker; if the line runs along hexsides and the two candidate lines end
across different hexsides, the wall counts if either does (benefit of the
doubt to the defender; a Decision).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from core.grid.hex import Hex
from core.grid.hexboard import HexBoard

__all__ = ["CoverResult", "attack_bonus", "cover"]


@dataclass(frozen=True)
class CoverResult:
    value: int | None
    """None where no unit can be (impassable terrain)."""
    parts: tuple[str, ...] = field(default=())
    """How the value came about, one phrase per step, with rule IDs."""

    def to_json(self) -> dict[str, Any]:
        return {"cover": self.value, "parts": list(self.parts)}


def cover(
    board: HexBoard, target: Hex | int, attack: str = "direct", attacker: Hex | int | None = None
) -> CoverResult:
    """Cover of ``target`` against an ``attack`` kind (``direct``, ``mortar``, ``artillery``,
    or a fortification id such as ``mines`` for its own attack), fired from ``attacker``."""
    c = target if isinstance(target, int) else board.index[target]
    t = board.terrain[c]
    if t.cover is None:
        return CoverResult(None, (f"{t.name}: no unit can be here ({t.rule})",))
    fort = board.fort[c]
    if fort is not None and attack == board.fort_ids[c] and fort.cover_vs_self is not None:
        return CoverResult(fort.cover_vs_self,
                           (f"{fort.name} against its own attack: {fort.cover_vs_self}, unmodifiable ({fort.rule})",))
    indirect = attack in board.catalogue.indirect_attacks
    value = t.cover
    parts = [f"{t.name} {t.cover} ({t.rule})"]
    if fort is not None and fort.cover is not None:
        value = fort.cover_indirect if indirect and fort.cover_indirect is not None else fort.cover
        kind = " against mortar/artillery" if indirect and fort.cover_indirect is not None else ""
        parts = [f"{fort.name} {value}{kind} replaces terrain cover ({fort.rule}, HTC-F100.4)"]
    if attacker is not None and not indirect:
        side = _wall_cover(board, attacker, c)
        if side is not None and side[0] > value:
            value = side[0]
            parts.append(f"attack crosses {side[1]}: cover {side[0]} ({side[2]})")
    mods: dict[str, int] = {}
    for p in board.cell_paths[c]:
        if p.cover_modifier:
            mods[f"{p.name} {p.cover_modifier:+d} ({p.rule})"] = p.cover_modifier
    for text, m in mods.items():
        value += m
        parts.append(text)
    return CoverResult(value, tuple(parts))


def _wall_cover(board: HexBoard, attacker: Hex | int, c: int) -> tuple[int, str, str | None] | None:
    from core.grid.los import candidate_lines

    a = attacker if isinstance(attacker, int) else board.index[attacker]
    if a == c:
        return None
    best: tuple[int, str, str | None] | None = None
    for ln in candidate_lines(board, a, c):
        prev = ln[-2]
        if prev < 0:
            continue
        d = board.direction(prev, c)
        if d is None:
            continue
        for f in board.sides[prev * 6 + d]:
            if f.cover is not None and (best is None or f.cover > best[0]):
                best = (f.cover, f.name, f.rule)
    return best


def attack_bonus(board: HexBoard, target: Hex | int, attack: str) -> int:
    """Added to the attack total against ``target`` (air burst in woods, HTC-T99.1)."""
    c = target if isinstance(target, int) else board.index[target]
    if attack in board.catalogue.indirect_attacks:
        return board.terrain[c].air_burst
    return 0
