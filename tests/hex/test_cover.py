"""Cover of a hex (HTC terrain, fortifications, walls, roads) and the air burst."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.grid.cover import attack_bonus, cover
from tests.hex.helpers import board


def cover_of(letter: str, attack: str = "direct", **kw: object) -> int | None:
    b = board(f". {letter} .\n. . .\n", **kw)  # type: ignore[arg-type]
    return cover(b, b.parse("B1"), attack).value


@pytest.mark.parametrize(("rule", "letter", "value"), [
    ("HTC-T90", ".", 0), ("HTC-T91", "o", 1), ("HTC-T95", "s", -1), ("HTC-T99", "W", 2),
])
def test_terrain_cover(rule: str, letter: str, value: int) -> None:
    assert cover_of(letter) == value, rule


def test_htc_t98_water_barrier_has_no_cover_value() -> None:
    assert cover_of("~") is None


def test_htc_t93_road_reduces_cover_by_1() -> None:
    assert cover_of("W", paths=[("road", ["A1", "B1"])]) == 1
    assert cover_of(".", paths=[("road", ["A1", "B1", "C1"])]) == -1


@pytest.mark.parametrize("feature", ["railway", "trail"])
def test_railway_and_trail_keep_the_other_terrains_cover(feature: str) -> None:
    """HTC-T92, HTC-T96: cover 'other terrain'."""
    assert cover_of("W", paths=[(feature, ["A1", "B1"])]) == 2


@pytest.mark.parametrize(("rule", "fort", "direct", "indirect"), [
    ("HTC-F101", "bunker", 6, 7), ("HTC-F102", "foxholes", 3, 4),
    ("HTC-F104", "pillbox", 5, 6), ("HTC-F105", "trench", 4, 5),
])
def test_fortification_cover_replaces_terrain_cover(rule: str, fort: str, direct: int, indirect: int) -> None:
    """HTC-F100.4: in woods (cover 2) the fortification's value replaces it, never adds."""
    marks = [{"at": "B1", "kind": fort}]
    assert cover_of("W", markers=marks) == direct, rule
    assert cover_of("W", "mortar", markers=marks) == indirect, rule
    assert cover_of("W", "artillery", markers=marks) == indirect, rule


def test_htc_t93_2_foxholes_with_a_road_give_cover_2() -> None:
    """Morale 7 in open ground with a road and foxholes: 7 + 3 - 1 = 9."""
    b = board(". . .\n. . .\n", paths=[("road", ["A1", "B1", "C1"])],
              markers=[{"at": "B1", "kind": "foxholes"}])
    assert 7 + (cover(b, b.parse("B1")).value or 0) == 9
    assert 7 + (cover(board(". . .\n. . .\n", paths=[("road", ["A1", "B1"])]), 1).value or 0) == 6


def test_htc_t93_2_building_with_a_road_has_cover_2(tmp_path: Path) -> None:
    """A user's own terrain type (building, cover 3) on top of the shipped chart."""
    extra = tmp_path / "town.yaml"
    extra.write_text("ruleset: hex\nkind: terrain\nterrain:\n  building:\n    based_on: woods\n"
                     "    name: Building\n    symbol: B\n    cover: 3\n", encoding="utf-8")
    b = board(". B .\n. . .\n", paths=[("road", ["A1", "B1", "C1"])], terrain_files=[str(extra)])
    assert cover(b, b.parse("B1")).value == 2
    assert b.terrain[b.parse("B1")].cost == 2  # inherited from woods


def test_htc_f103_2_mines_attack_against_cover_0_unmodifiable() -> None:
    b = board(". W .\n. . .\n", markers=[{"at": "B1", "kind": "mines"}],
              paths=[("road", ["A1", "B1"])])
    assert cover(b, b.parse("B1"), "mines").value == 0
    assert cover(b, b.parse("B1")).value == 1  # other fire: woods 2, road -1


def test_htc_t97_wall_gives_cover_2_when_the_attack_crosses_it() -> None:
    b = board(". . . .\n. . . .\n", walls=["B1/C1"])
    target, attacker = b.parse("C1"), b.parse("A1")
    assert cover(b, target, "direct", attacker).value == 2
    assert cover(b, target, "direct", b.parse("D1")).value == 0  # from the other side
    assert cover(b, target, "mortar", attacker).value == 0  # not against mortars
    assert cover(b, target).value == 0  # attacker unknown: no wall


def test_htc_t97_wall_cover_does_not_add_to_better_cover() -> None:
    b = board(". . W .\n. . . .\n", walls=["B1/C1"])
    assert cover(b, b.parse("C1"), "direct", b.parse("A1")).value == 2


def test_htc_t99_1_air_burst_adds_2_to_mortar_and_artillery_attacks_on_woods() -> None:
    b = board(". W .\n. . .\n")
    assert attack_bonus(b, b.parse("B1"), "mortar") == 2
    assert attack_bonus(b, b.parse("B1"), "artillery") == 2
    assert attack_bonus(b, b.parse("B1"), "direct") == 0
    assert attack_bonus(b, b.parse("A1"), "mortar") == 0
    assert 6 + 7 + attack_bonus(b, b.parse("B1"), "mortar") == 15  # the chart's example


def test_htc_t94_smoke_leaves_the_cover_to_the_terrain() -> None:
    assert cover_of("o", markers=[{"at": "B1", "kind": "smoke", "hindrance": 5}]) == 1
