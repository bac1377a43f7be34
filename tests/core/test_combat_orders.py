"""The core's combat and order primitives, for any ruleset (including third-party ones)."""

from __future__ import annotations

from core.combat import Modifier, TargetNumber, defeats
from core.dice import Dice
from core.orders import ChitBag


def test_tc_6_2_gun_must_strictly_beat_armour_unless_configured() -> None:
    assert defeats(3, 2) and not defeats(2, 2)
    assert defeats(2, 2, "greater_or_equal")


def test_bt_6_3_rulebook_example_needs_a_six() -> None:
    tn = TargetNumber(3, (Modifier("ATTACK", 1, "BT-6.3"), Modifier("heavy cover", 2, "BT-6.4")),
                      base_name="accuracy")
    assert tn.need == 6
    assert tn.explain() == "needs 6: accuracy 3+, ATTACK +1 (BT-6.3), heavy cover +2 (BT-6.4)"
    assert tn.succeeds(6) and not tn.succeeds(5)


def test_bt_6_3_above_six_never_hits_one_or_less_always_hits() -> None:
    hopeless = TargetNumber(6).with_modifier(Modifier("moving", 1))
    assert hopeless.impossible and not hopeless.succeeds(6)
    assert "cannot succeed" in hopeless.explain()
    sure = TargetNumber(1).with_modifier(Modifier("AMBUSH", -1, "BT-7.1"))
    assert sure.automatic and sure.succeeds(1)


def test_bt_4_chit_bag_draws_blind_and_conserves_chits() -> None:
    bag: ChitBag[str] = ChitBag(["a1", "a2", "b1", "b2"])
    dice = Dice(5)
    first, second = bag.draw(dice), bag.draw(dice)
    assert {first, second} <= {"a1", "a2", "b1", "b2"} and first != second
    assert bag.total() == 4 and len(dice.log) == 2
    bag.return_chits(keep_out=[second])       # second is in AMBUSH (BT-4.4)
    assert second not in bag.chits and bag.out == [second] and bag.total() == 4
    bag.remove(second)                         # its tank was destroyed (BT-4.3)
    assert bag.total() == 3
    again = ChitBag(["a1", "a2", "b1", "b2"])
    assert again.draw(Dice(5)) == first        # same seed, same draw
