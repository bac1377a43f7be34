"""``Game.public_moves``: the history as every player reads it, worked out again by
replaying from the start (``tanktable check`` builds a rebuilt game's log with it)."""

from __future__ import annotations

from tests.check.cups import RULESET


def test_public_moves_are_the_texts_asked_before_each_step() -> None:
    game = RULESET.new_game()
    seen: list[str | None] = []
    for text in ("hide 2", "guess 1", "hide 3", "guess 3", "hide 1"):
        action = game.parse_action(text)
        seen.append(game.public_action_text(action))
        game.apply(action)
    assert seen == [None, "guess 1", None, "guess 3", None]
    assert game.public_moves() == seen
    assert RULESET.new_game().public_moves() == []
