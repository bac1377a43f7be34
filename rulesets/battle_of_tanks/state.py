"""A tank on the table: its card, pose, hit points, order and markers."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from core.geometry import Pose, footprint
from core.memo import Memo
from rulesets.battle_of_tanks.models import TankCard

_FOOTPRINTS: Memo[tuple[Pose, float, float], Any] = Memo(50_000)
"""Footprints are pure functions of pose and size: shared by every game and clone."""


@dataclass
class Tank:
    """Mutable per-game state of one tank (cloned with ``copy.copy``)."""

    key: str
    """``a1``, ``b2``: side and number, always accepted in notation."""
    label: str
    """What players read and type: the army's name for it, or ``t34#1``."""
    side: str
    card: TankCard
    length: float
    width: float
    x: float
    y: float
    heading: float
    hp: int
    order: str | None = None
    ambush: bool = False
    """Waiting in AMBUSH and still able to fire once (BT-7.1)."""
    ambush_since: int | None = None
    """The round the waiting AMBUSH was set in (its end: setting ``ambush.ends_after_rounds``)."""
    moved: bool = False
    """Moved this round (BT-6.3 target-moved modifier)."""
    track_until: int | None = None
    """Track damaged through the end of this round (BT-6.5), or None."""
    wreck: bool = False
    plate_at_start: bool = False
    damaged: bool = False
    """Lost hit points or took a track hit this round (BT-8.2)."""
    plate_rounds: int = 0
    """Complete undamaged rounds in a row on the enemy base plate (BT-8.2)."""

    @property
    def alive(self) -> bool:
        return self.hp > 0

    @property
    def pose(self) -> Pose:
        return Pose(self.x, self.y, self.heading)

    @property
    def track_damaged(self) -> bool:
        return self.track_until is not None

    def footprint(self, pose: Pose | None = None) -> Any:
        """The footprint at ``pose`` (default: where it stands); cached per pose."""
        p = pose or self.pose
        cached = _FOOTPRINTS.get((p, self.length, self.width))
        if cached is None:
            cached = _FOOTPRINTS.remember((p, self.length, self.width), footprint(p, self.length, self.width))
        return cached

    def state_words(self) -> list[str]:
        words = []
        if not self.alive:
            words.append("wreck" if self.wreck else "destroyed")
        if self.ambush:
            words.append("in ambush")
        if self.track_damaged and self.alive:
            words.append("track damaged")
        if self.moved:
            words.append("moved")
        return words
