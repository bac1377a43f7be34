"""Exact chances in a player's words (issue 59.2): what a shot, or a whole allocation
at one target, does -- destroys, damages, no effect -- counted over the d6 to hit
(BT-6.3) and the penetration die (BT-6.5), never sampled."""

from __future__ import annotations

from fractions import Fraction

from rulesets.battle_of_tanks.actions import Declare, Fire, Shot
from rulesets.battle_of_tanks.firing import fire_choices
from rulesets.battle_of_tanks.game import BattleGame
from rulesets.battle_of_tanks.odds import allocation, outcome, pct
from tests.battle_of_tanks.helpers import card, give_chit, make_game

WALL = {"name": "wall", "type": "wall", "polygon": [[54, 50], [56, 50], [56, 70], [54, 70]]}


def _game(hp: int) -> BattleGame:
    return make_game(["gun"], ["target"], {"a1": (20, 60, 0), "b1": (60, 60, 180)},
                     cards=[card("gun", accuracy="4+", rate_of_fire=2, firepower=100), card("target", hit_points=hp)])


def test_bt_6_5_one_shot_that_penetrates_once_destroys_a_tank_of_its_firepower() -> None:
    """BT-6.3: 4+ hits 1/2; BT-6.5: T or W (3 of 6 faces) penetrate, K (1 of 6) damages the track;
    100 HP, firepower 100: a penetration destroys -> 1/4, track 1/12, nothing 2/3."""
    g = _game(100)
    o = outcome(g, g.tank("a1"), g.tank("b1"), "fire", 1)
    assert (o.destroys, o.damages, o.no_effect, o.track) == (Fraction(1, 4), Fraction(1, 12), Fraction(2, 3), Fraction(1, 12))
    assert o.text() == "destroys it 25%, damages it 8% (track 8%), no effect 67%"


def test_bt_6_2_two_shots_at_one_target_are_convolved_exactly() -> None:
    """BT-6.2 rate of fire 2 at one target: destroyed unless both fail to penetrate,
    1 - (3/4)^2 = 7/16; track only 9/16 - 4/9 = 17/144; nothing (2/3)^2 = 4/9."""
    g = _game(100)
    o = outcome(g, g.tank("a1"), g.tank("b1"), "fire", 2)
    assert (o.destroys, o.damages, o.no_effect) == (Fraction(7, 16), Fraction(17, 144), Fraction(4, 9))
    tough = _game(150)  # two penetrations needed: (1/4)^2
    t = outcome(tough, tough.tank("a1"), tough.tank("b1"), "fire", 2)
    assert t.destroys == Fraction(1, 16)
    assert dict(t.hp_lost) == {100: 2 * Fraction(1, 4) * Fraction(3, 4)}


def test_bt_6_6_a_turret_shot_counts_only_t_and_mixes_with_hull_shots() -> None:
    """BT-6.6: a turret shot at a HULL-DOWN tank drops the heavy-cover modifier (4+: 1/2)
    and only T penetrates (1/6), no track; the normal shot needs 6 (1/6) with T or W (1/2).
    One of each at 100 HP: 1 - (1 - 1/12)(1 - 1/12) = 23/144."""
    g = make_game(["gun"], ["target"], {"a1": (20, 60, 0), "b1": (60, 60, 180)},
                  cards=[card("gun", accuracy="4+", rate_of_fire=2, firepower=100), card("target", hit_points=100)],
                  terrain=[WALL], **{"spotting.required_for_cover": False})
    shooter, target = g.tank("a1"), g.tank("b1")
    assert g.sight(shooter, target).cover.level == "heavy"
    turret = outcome(g, shooter, target, "fire", 1, turret=True)
    assert (turret.destroys, turret.track) == (Fraction(1, 12), Fraction(0))
    both = allocation(g, shooter, target, "fire", [(1, False), (1, True)])
    assert both.destroys == 1 - Fraction(11, 12) * Fraction(11, 12)


def test_issue_59_2_notes_and_fire_panel_speak_in_destroys_damages_no_effect() -> None:
    g = _game(100)
    give_chit(g, "a")
    g.apply(Declare("gun#1", "FIRE"))
    note = g.describe_action(Fire((Shot("target#1", 2),)))
    assert note.startswith("target#1*2 (100 HP): destroys it 44%, damages it 12% (track 12%), no effect 44%")
    fire = fire_choices(g)
    assert fire is not None
    chances = fire["shooters"][0]["targets"][0]["odds"]["chances"]
    assert [c["destroys"] for c in chances] == ["0", "1/4", "7/16"]
    assert chances[2]["text"].startswith("destroys it 44%")


def test_percentages_never_round_a_possibility_away() -> None:
    assert (pct(Fraction(1, 1000)), pct(Fraction(999, 1000)), pct(Fraction(0)), pct(Fraction(1))) == ("<1%", ">99%", "0%", "100%")


def test_issue_59_2_many_shots_name_three_losses_and_sum_the_rest() -> None:
    """Playtest: ten shots listed ten hit-point losses down to '-300 HP <1%' beside the
    target; the words name the three smallest losses and sum the larger ones, and the
    chances still add up to 'damages it'."""
    from rulesets.battle_of_tanks.odds import Outcome

    losses = tuple((30 * i, Fraction(p, 100)) for i, p in enumerate([38, 16, 4, 1, 1, 1, 1, 1, 1, 1], start=1))
    o = Outcome(Fraction(0), Fraction(69, 100), Fraction(31, 100), losses, Fraction(25, 100), 720)
    assert o.text() == ("destroys it 0%, damages it 69% (-30 HP 38%, -60 HP 16%, -90 HP 4%, "
                        "-120 HP or more 7%, track 25%), no effect 31%")
    four = tuple((110 * i, Fraction(p, 100)) for i, p in enumerate([40, 30, 10, 1], start=1))
    assert "-330 HP 10%, -440 HP 1%, track" in Outcome(Fraction(0), Fraction(81, 100), Fraction(19, 100), four,
                                                      Fraction(38, 100), 720).text()
