"""``card NAME`` at the table (issue 27.19): a tank's card stats (BT-2) and its
state read in the game, and any ruleset's unit cards through the same hook."""

from __future__ import annotations

from typing import Any

import pytest

from core.errors import TanktableError
from core.registry import get_ruleset
from rulesets.battle_of_tanks import RULESET
from tests.cli.test_cli_core import run

LYNX = """\
lynx (a2, side a): PzKpfw II Luchs (pzkpfw-ii-luchs)
  tier          4 points (BT-1.1)
  hit points    310 of 310
  move          60 cm; ATTACK 30 cm, RETREAT 30 cm (BT-5)
  sight         100 cm, between footprints (BT-6.1)
  recon         1+; light cover +2, heavy cover +1 (BT-5.4)
  accuracy      3+ (BT-6.3)
  rate of fire  10 shot(s) per activation (BT-6.2)
  firepower     30 hit points per penetration (BT-6.5)
  repair        3+ (BT-5.3)
  footprint     10 x 5 cm (BT-2.1)
  now           at 25,15 facing 0 deg; no order yet this round"""


@pytest.mark.parametrize("name", ["lynx", "LYNX", "lynx#1", "a2"])
def test_issue_27_19_card_of_a_tank_in_play(name: str) -> None:
    """The Luchs named Lynx in the default game, by label (any case, with or
    without a ``#N``) or by key: the card's numbers and where it stands."""
    game = RULESET.new_game(None, {}, 1)
    assert game.card_text(name) == LYNX


def test_issue_27_19_card_follows_the_tank_and_the_settings() -> None:
    game = RULESET.new_game(None, {"sight.measure": "centres"}, 1)
    tiger = game.tank("tiger#1")
    tiger.hp, tiger.track_until = 900, game.round
    game.spotted.add(tiger.key)
    text = game.card_text("tiger")
    assert "  hit points    900 of 1400" in text
    assert "  sight         60 cm, between centres (BT-6.1)" in text
    assert text.endswith("; no order yet this round; track damaged; spotted")


@pytest.mark.parametrize(("name", "heading", "tier"), [("tiger-i", "Tiger I (tiger-i)", 7), ("Tiger I", "Tiger I (tiger-i)", 7),
                                                   ("e25", "E-25 (e-25)", 7), ("luchs", "PzKpfw II Luchs (pzkpfw-ii-luchs)", 4)])
def test_issue_27_19_card_by_card_id_short_or_name(name: str, heading: str, tier: int) -> None:
    """A card not (or not only) on the table: its numbers, without a tank's state."""
    game = RULESET.new_game(None, {}, 1)
    lines = game.card_text(name).splitlines()
    assert lines[:3] == [heading, f"  tier          {tier} points (BT-1.1)", lines[2]]
    assert not any(line.startswith("  now") for line in lines)


def test_issue_27_19_an_unknown_name_lists_the_tanks_and_cards() -> None:
    game = RULESET.new_game(None, {}, 1)
    with pytest.raises(TanktableError, match=r"no tank or card 'panzer'; tanks: t34#1, lynx, .*; cards: amx-12t, "):
        game.card_text("panzer")


def test_issue_27_19_tank_chess_and_duel_cards_through_the_same_hook() -> None:
    chess = get_ruleset("tank-chess").new_game(None, {}, 1)
    assert chess.card_text("mt").splitlines()[:5] == [
        "Medium Tank (MT)", "  letter   M", "  speed    4", "  armour   front 2, side 1, rear 0", "  gun      2"]
    duel = get_ruleset("duel-of-the-giants").new_game(None, {}, 1)
    assert duel.card_text("Tiger").splitlines() == [
        "Tiger (tiger)", "  firepower  summer 5, winter 4", "  armour     front 4, side 3, rear 2", "  track      5"]
    with pytest.raises(TanktableError, match="no card 'panzer'; cards: tiger, t34"):
        duel.card_text("panzer")


def test_issue_27_19_card_at_the_terminal_prompt(capsys: Any, monkeypatch: Any) -> None:
    code, out, err = run(["play", "battle-of-tanks", "--seat", "a=human", "--seat", "b=human", "--seed", "1",
                          "--board", "none"], capsys, monkeypatch, stdin="card lynx\ncard nobody\ncard\nhelp\nquit\n")
    assert LYNX in out
    assert "no tank or card 'nobody'" in out
    assert "usage: card NAME" in out
    assert "  card NAME       a unit's card" in out
