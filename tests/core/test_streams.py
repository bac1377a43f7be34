"""Issue 26.1: unguessable seeds, and one stream per purpose derived by a keyed hash."""

from __future__ import annotations

import hashlib
import hmac

import pytest

from core.dice import Dice
from core.errors import RecordError
from core.record import dump_record, make_header, parse_record, record_of, replay
from core.streams import (
    SEED_BITS,
    decision_seed,
    derive,
    fresh_seed,
    normal_seed,
    seed_key,
    stream,
)
from tests.toy import RULESET


def test_issue_26_1_a_fresh_seed_has_128_random_bits() -> None:
    seeds = {fresh_seed() for _ in range(200)}
    assert SEED_BITS == 128
    assert len(seeds) == 200
    assert all(0 <= s < 2**128 for s in seeds)
    # 200 draws of 128 bits: the largest has its top bits set far beyond the old 10**6
    assert max(seeds).bit_length() >= 120


def test_issue_26_1_a_given_seed_is_any_integer_or_text_and_digits_are_the_integer() -> None:
    assert normal_seed("42") == 42 == normal_seed(" 42 ")
    assert normal_seed("-7") == -7
    assert normal_seed("Kursk 1943") == "Kursk 1943"
    assert seed_key(42) == seed_key("42") != seed_key("text:42")
    assert seed_key("int:42") != seed_key(42)  # a text can never pose as an integer


def test_issue_26_1_streams_are_hmac_sha256_keyed_by_the_seed() -> None:
    expected = hmac.new(b"int:42", b"dice", hashlib.sha256).digest()
    assert derive(42, "dice") == int.from_bytes(expected, "big")
    parts = hmac.new(b"text:abc", b"duel-of-the-giants set-up\x1fsoviet", hashlib.sha256).digest()
    assert derive("abc", "duel-of-the-giants set-up", "soviet") == int.from_bytes(parts, "big")


def test_issue_26_1_the_same_text_seed_gives_the_same_rolls_and_another_text_others() -> None:
    a, b, c = Dice("Prokhorovka"), Dice("Prokhorovka"), Dice("Prokhorovka!")
    rolls = [[d.d6("x").result for _ in range(40)] for d in (a, b, c)]
    assert rolls[0] == rolls[1] != rolls[2]


def test_issue_26_1_chit_draws_and_rolls_do_not_share_a_stream() -> None:
    """Drawing chits does not move the dice, nor rolling the chit bag."""
    plain, drawing = Dice(5), Dice(5)
    for _ in range(10):
        drawing.draw_index(6, "draw a chit")
    assert [plain.d6("x").result for _ in range(30)] == [drawing.d6("x").result for _ in range(30)]
    rolled, fresh = Dice(5), Dice(5)
    for _ in range(10):
        rolled.d6("x")
    assert [rolled.draw_index(9, "c") for _ in range(30)] == [fresh.draw_index(9, "c") for _ in range(30)]
    assert [Dice(5).draw_index(6, "c") + 1 for _ in range(1)] == [stream(5, "chits").randint(1, 6)]


def test_issue_26_4_a_decision_seed_depends_on_the_decision_not_on_what_was_drawn() -> None:
    assert decision_seed(9, "computer", 1, 12) == decision_seed(9, "computer", 1, 12)
    others = {decision_seed(9, "computer", 1, 13), decision_seed(9, "computer", 0, 12),
              decision_seed(9, "hint", 1, 12), decision_seed(10, "computer", 1, 12)}
    assert decision_seed(9, "computer", 1, 12) not in others and len(others) == 4
    assert all(0 <= s < 2**64 for s in others)


def test_issue_26_1_a_record_saved_before_the_derived_streams_is_refused_clearly() -> None:
    """Its rolls came from one generator of the seed: replaying it now would roll others."""
    game = RULESET.new_game(None, {"target": 15}, 3)
    game.apply(game.legal_actions()[0])
    text = dump_record(record_of(make_header(RULESET, None, 3), game))
    assert "streams: hmac-sha256" in text
    replay(parse_record(text), RULESET)  # a record of this version replays
    old = parse_record(text.replace("streams: hmac-sha256\n", ""))
    with pytest.raises(RecordError, match="saved by an older tanktable"):
        replay(old, RULESET)
