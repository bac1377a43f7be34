"""An ambush that never fires (issue 19 item 1): the player is told why he is not
asked, and the ambush ends by the setting ``ambush.ends_after_rounds`` (BT-4.4 Decision)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from core.game import Event
from rulesets.battle_of_tanks.actions import Declare
from rulesets.battle_of_tanks.game import BattleGame
from tests.battle_of_tanks.helpers import card, give_chit, make_game
from tests.cli.test_cli_core import run


def _lone_ambusher(**settings: Any) -> BattleGame:
    """a's only tank far out of sight of b's two tanks (sight 20 cm)."""
    g = make_game(["lurker"], ["mover", "other"],
                  {"a1": (10, 10, 0), "b1": (110, 110, 180), "b2": (100, 110, 180)},
                  cards=[card("lurker", sight_cm=20), card("mover", sight_cm=20), card("other", sight_cm=20)],
                  **settings)
    give_chit(g, "a")
    g.apply(Declare("lurker#1", "AMBUSH"))
    return g


def _play_round(g: BattleGame) -> list[str]:
    """b's tanks RECON (they stay put) until the round changes; the events' texts."""
    start = g.round
    texts: list[str] = []
    while g.round == start and g.outcome() is None:
        if g.phase == "order" and g.chit_side == "a":
            break
        texts += [e.text for e in g.apply(Declare(g.eligible(g.chit_side or "")[0].label, "RECON"))]
    return texts


def test_bt_4_4_an_unsprung_ambush_ends_after_the_next_round_and_the_player_is_asked_again() -> None:
    g = _lone_ambusher()
    texts = [e.text for e in g.history[-1].events]
    texts += _play_round(g)  # the rest of round 1
    assert g.round == 2 and g.tank("a1").ambush
    assert ("a has no chit this round: lurker#1 waits in AMBUSH (BT-4.4); a is asked only when an enemy "
            "activation brings a target into sight (BT-7.2); the ambush ends unsprung at the end of round 2") in texts
    assert "a1" not in g.bag.chits
    texts = _play_round(g)  # round 2: b alone draws
    assert ("lurker#1's AMBUSH ends unsprung after round 2: its chit goes back to the bag "
            "(BT-4.4, setting ambush.ends_after_rounds: 1)") in texts
    while not (g.phase == "order" and g.chit_side == "a"):
        _play_round(g)
    assert g.round == 3 and not g.tank("a1").ambush
    assert g.check(Declare("lurker#1", "MOVE")) is None  # a decides again


def test_bt_4_4_with_the_setting_null_an_ambush_waits_until_it_fires() -> None:
    g = _lone_ambusher(**{"ambush.ends_after_rounds": None})
    for _ in range(4):
        _play_round(g)
    assert g.round == 5 and g.tank("a1").ambush and "a1" not in g.bag.chits


def test_bt_4_4_zero_rounds_ends_the_ambush_with_its_own_round() -> None:
    g = _lone_ambusher(**{"ambush.ends_after_rounds": 0})
    _play_round(g)
    assert g.round == 2 and not g.tank("a1").ambush
    # its chit went back to the bag at the end of round 1: it is in the bag, or round 2 drew it
    assert "a1" in g.bag.chits or (g.chit_side == "a" and "a1" in g.bag.out)


def test_a_human_whose_last_tank_waits_in_ambush_is_asked_again(tmp_path: Path, capsys: Any,
                                                               monkeypatch: Any) -> None:
    """Issue 19 item 1: ``play --army a=ARMY --seed 3`` with a lone Tiger in AMBUSH no longer
    plays itself to the end: the terminal says why a is not asked (in full with ``last``
    when the rounds do not fit the screen), then asks again."""
    army = tmp_path / "lone.yaml"
    army.write_text("ruleset: battle-of-tanks\nkind: army\nname: Lone\nbudget: 20\ntanks:\n  - card: tiger-i\n")
    code, out, err = run(["play", "battle-of-tanks", "--army", f"a={army}", "--seat", "a=human",
                          "--seat", "b=random", "--seed", "3", "--board", "none"],
                         capsys, monkeypatch, stdin="tiger#1 ambush\nlast\nquit\n")
    assert "a has no chit this round: tiger#1 waits in AMBUSH (BT-4.4)" in out
    assert "tiger#1's AMBUSH ends unsprung after round 2" in out
    assert out.count("a's chit -- order for a tank (and path: TANK move X,Y)>") >= 2, out[-2000:]


def test_bt_4_3_4_4_the_round_says_why_chits_are_missing_from_the_bag() -> None:
    """Issue 19 item 14: the bag holds 2 chits for 3 tanks because lurker waits in
    AMBUSH; the end of the round and the start of the next say so (BT-4.3, BT-4.4)."""
    g = _lone_ambusher(**{"ambush.ends_after_rounds": None})
    texts = _play_round(g)
    ended = next(t for t in texts if t.startswith("round 1 ends"))
    assert "chits back in the bag except those of lurker#1 (waiting in AMBUSH, BT-4.4)" in ended
    begun = next(t for t in texts if t.startswith("round 2 begins"))
    assert begun == ("round 2 begins; 2 chit(s) in the bag (BT-4.2): 3 tanks, less lurker#1 "
                     "(waiting in AMBUSH, BT-4.4)")
    assert len(g.bag) + (1 if g.phase == "order" else 0) == 2


def test_bt_4_3_a_destroyed_tanks_chit_leaves_the_game_and_the_next_round_says_so() -> None:
    g = _lone_ambusher(**{"ambush.ends_after_rounds": None})
    events: list[Event] = []
    mover = g.tank("mover#1")
    mover.hp = 0  # as a penetration leaves it (BT-6.5)
    g._destroyed(mover, events)
    assert events[0].text.startswith("mover#1 is destroyed (BT-6.5); its chit ")
    assert "leaves the game (BT-4.3)" in events[0].text
    assert g._chits_missing() == (": 3 tanks, less mover#1 (destroyed, BT-4.3), less lurker#1 "
                                  "(waiting in AMBUSH, BT-4.4)")
