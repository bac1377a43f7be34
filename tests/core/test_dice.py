"""Seeded dice (BT-9.1): every roll logged, generator state part of the game state."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from core.dice import Dice
from core.streams import stream


@given(seed=st.integers(0, 2**32), n=st.integers(1, 50))
def test_same_seed_same_rolls(seed: int, n: int) -> None:
    a, b = Dice(seed), Dice(seed)
    assert [a.d6("x").result for _ in range(n)] == [b.d6("x").result for _ in range(n)]


@given(seed=st.integers(0, 2**32), k=st.integers(0, 20))
def test_state_restore_replays_the_same_rolls(seed: int, k: int) -> None:
    dice = Dice(seed)
    for _ in range(k):
        dice.d6("warm-up")
    state = dice.getstate()
    first = [dice.d6("x").result for _ in range(10)]
    dice.setstate(state)
    assert len(dice.log) == k
    assert [dice.d6("x").result for _ in range(10)] == first


def test_roll_is_logged_with_who_why_and_need() -> None:
    dice = Dice(7)
    roll = dice.d6("to-hit", who="T-34", need=4)
    assert dice.log == [roll]
    assert roll.success == (roll.result >= 4)
    assert str(roll).startswith("T-34 rolls d6 for to-hit: ")
    assert "needs 4+" in str(roll)


def test_face_die_and_draws_stay_in_range() -> None:
    dice = Dice(1)
    faces = ["blank", "blank", "K", "T", "W", "W"]
    for _ in range(100):
        roll, face = dice.face(faces, "penetration")
        assert face == faces[roll.result - 1]
        assert 0 <= dice.draw_index(3, "chit") < 3


def test_copy_rolls_the_same_and_is_independent() -> None:
    """A game copy's dice roll what the original would, and neither touches the other."""
    dice = Dice(11)
    dice.d6("warm up")
    twin = dice.copy()
    assert [twin.d6("x").result for _ in range(5)] == [dice.d6("x").result for _ in range(5)]
    before = dice.getstate()
    twin.d6("only the copy")
    assert dice.getstate() == before and len(twin.log) == len(dice.log) + 1


@given(st.integers(0, 2**32), st.lists(st.sampled_from(["original", "copy", "copy of copy"]), max_size=30))
def test_copies_share_a_generator_only_until_one_draws(seed: int, order: list[str]) -> None:
    """Copies start on one shared generator (copying is cheap for the AI) but each
    draws exactly what an eager, private copy would, in any order of draws."""
    dice = Dice(seed)
    twin = dice.copy()
    grandchild = twin.copy()
    lazy = {"original": dice, "copy": twin, "copy of copy": grandchild}
    eager = {name: stream(seed, "dice") for name in lazy}
    for name in order:
        assert lazy[name].d6("x").result == eager[name].randint(1, 6)


def test_reseed_replaces_the_future_rolls_and_keeps_the_log() -> None:
    dice = Dice(3)
    dice.d6("before")
    copy = dice.copy()
    copy.reseed(99)
    expected = stream(99, "dice")
    assert [copy.d6("x").result for _ in range(5)] == [expected.randint(1, 6) for _ in range(5)]
    assert len(copy.log) == 6 and copy.seed == 3
    original = stream(3, "dice")
    original.randint(1, 6)
    assert dice.d6("y").result == original.randint(1, 6)  # the original is untouched


@given(seed=st.integers(0, 2**32), count=st.integers(2, 5), need=st.integers(2, 30))
def test_issue_60_6_a_sum_of_dice_is_one_logged_roll_with_its_target(seed: int, count: int, need: int) -> None:
    dice = Dice(seed)
    roll = dice.roll_sum(count, "morale test", who="crew", need=need)
    assert dice.log == [roll]  # one entry, not one per die
    assert len(roll.faces) == count and all(1 <= f <= 6 for f in roll.faces)
    assert roll.result == sum(roll.faces) and roll.count == count
    assert roll.success == (roll.result >= need)
    shown = "+".join(str(f) for f in roll.faces)
    assert str(roll).startswith(f"crew rolls {count}d6 for morale test: {shown} = {roll.result} (needs {need}+: ")
    # the same dice as rolling them one by one from the same seed: a sum is no other stream
    single = Dice(seed)
    assert tuple(single.d6("x").result for _ in range(count)) == roll.faces
