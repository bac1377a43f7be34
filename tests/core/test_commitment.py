"""Issue 26.2: a game commits to its seed at the start and reveals it at the end."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.commitment import SeedSeal, check_reveal, commit
from core.errors import RecordError
from core.record import (
    dump_record,
    load_record,
    make_header,
    parse_record,
    record_of,
    replay,
    save_record,
    sealed_record,
)
from tests.toy import RULESET


def _sealed_game(seal: SeedSeal, moves: int = 30) -> tuple[object, object]:
    game = RULESET.new_game(None, {"target": 15}, seal.seed)
    header = make_header(RULESET, None, seal.seed, {"red": "random", "blue": "random"}, seal=seal)
    for i in range(moves):
        if game.is_over():
            break
        actions = game.legal_actions()
        game.apply(actions[i % len(actions)])
    return game, header


def test_issue_26_2_the_commitment_is_sha256_over_seed_and_salt_and_checks_both() -> None:
    seal = SeedSeal.fresh()
    assert len(seal.commitment) == 64 and int(seal.commitment, 16) >= 0
    assert seal.commitment == commit(seal.seed, seal.salt) != commit(seal.seed + 1, seal.salt)
    assert commit(seal.seed, seal.salt) != commit(seal.seed, new_salt_other(seal.salt))
    check_reveal(seal.seed, seal.salt, seal.commitment)  # no error
    with pytest.raises(RecordError, match="does not match the commitment"):
        check_reveal(seal.seed + 1, seal.salt, seal.commitment)
    with pytest.raises(RecordError, match="does not match the commitment"):
        check_reveal(seal.seed, new_salt_other(seal.salt), seal.commitment)
    with pytest.raises(RecordError, match="revealed when the game ends"):
        check_reveal(None, None, seal.commitment)


def new_salt_other(salt: str) -> str:
    return ("1" if salt[0] != "1" else "2") + salt[1:]


def test_issue_26_2_a_finished_sealed_record_verifies_against_its_commitment(tmp_path: Path) -> None:
    seal = SeedSeal.fresh()
    game, header = _sealed_game(seal, 400)
    record = record_of(header, game)  # type: ignore[arg-type]
    assert record.commitment == seal.commitment and record.seed == seal.seed and record.salt == seal.salt
    path = tmp_path / "g.yaml"
    save_record(record, path)
    loaded, doc = load_record(path)
    again = replay(loaded, RULESET, doc, verify=True)
    assert again.dice.log == game.dice.log  # type: ignore[attr-defined]


def test_issue_26_2_a_changed_seed_fails_verification_before_any_roll(tmp_path: Path) -> None:
    seal = SeedSeal.fresh()
    game, header = _sealed_game(seal, 400)
    record = record_of(header, game)  # type: ignore[arg-type]
    forged = record.model_copy(update={"seed": seal.seed ^ 1})
    with pytest.raises(RecordError, match=f"does not match the commitment {seal.commitment}"):
        replay(forged, RULESET, verify=True)


def test_issue_26_2_a_record_handed_out_mid_game_holds_the_commitment_and_not_the_seed() -> None:
    """Issue 26.7: a mid-game record download cannot foretell the next roll."""
    seal = SeedSeal.fresh()
    game, header = _sealed_game(seal, 5)
    text = dump_record(sealed_record(record_of(header, game)))  # type: ignore[arg-type]
    assert seal.commitment in text
    assert str(seal.seed) not in text and seal.salt not in text
    back = parse_record(text)
    assert back.seed is None and back.salt is None and back.commitment == seal.commitment
    with pytest.raises(RecordError, match="only the commitment to its seed"):
        replay(back, RULESET, verify=False)
    with pytest.raises(RecordError, match="revealed when the game ends"):
        replay(back, RULESET, verify=True)


def test_issue_26_2_a_record_with_a_chosen_seed_carries_no_commitment() -> None:
    game = RULESET.new_game(None, {"target": 15}, 42)
    record = record_of(make_header(RULESET, None, 42), game)
    assert record.commitment is None and record.seed == 42
    assert sealed_record(record) == record
