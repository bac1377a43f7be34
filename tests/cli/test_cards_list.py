"""``cards list`` shows each card's tier and key values as a table (issue 19 item 12)."""

from __future__ import annotations

from typing import Any

from tests.cli.test_cli_core import run


def test_battle_of_tanks_cards_list_their_tier_first(capsys: Any, monkeypatch: Any) -> None:
    code, out, _ = run(["cards", "list", "battle-of-tanks"], capsys, monkeypatch)
    header, *rows = out.splitlines()
    assert code == 0 and header.split()[:4] == ["card", "name", "tier", "hit_points"]
    tiger = next(r for r in rows if r.startswith("tiger-i "))
    assert tiger.split()[3:6] == ["7", "1400", "20"]  # tier, hit points, move (BT-1.2, BT-2)


def test_tank_chess_cards_show_their_armour_faces(capsys: Any, monkeypatch: Any) -> None:
    code, out, _ = run(["cards", "list", "tank-chess"], capsys, monkeypatch)
    header, *rows = out.splitlines()
    assert code == 0 and "armour.front" in header and "gun" in header
    heavy = next(r for r in rows if r.startswith("HT "))
    assert heavy.split()[-6:] == ["3", "3", "2", "1", "3", "1"]  # speed, front, side, rear, gun, value
