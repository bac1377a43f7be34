"""Game.summarize_events: a decision's results in one line (issue 27.16)."""

from __future__ import annotations

from core.game import Event, strip_rule_ids


def test_rule_ids_in_parentheses_are_dropped_from_a_summary() -> None:
    assert strip_rule_ids("penetration die rolls 3: K -> tiger#1's track is damaged (BT-6.5)") == (
        "penetration die rolls 3: K -> tiger#1's track is damaged")
    assert strip_rule_ids("white LT d9 is destroyed and stays as a wreck (TC-6.2, TC-6.3)") == (
        "white LT d9 is destroyed and stays as a wreck")
    assert strip_rule_ids("ground combat is over (DG-8.5 D2)") == "ground combat is over"
    assert strip_rule_ids("Stuka turns to E (2 action(s) left)") == "Stuka turns to E (2 action(s) left)"


def test_the_default_summary_joins_what_the_reader_may_see(with_pig: object) -> None:
    """A ruleset that says nothing of its own gets its events' texts, rule IDs dropped; a
    hidden event shows as its public text, as it would in 'last'."""
    from tests.toy import PigGame

    game = PigGame.__new__(PigGame)  # summarize_events reads no state
    events = [Event("roll", "red rolls 4 (PIG-1)"),
              Event("secret", "blue holds 7 (PIG-2)", audience=frozenset({1}), public_text="blue holds")]
    assert game.summarize_events(game.events_for(0, events)) == "red rolls 4; blue holds"
    assert game.summarize_events(game.events_for(1, events)) == "red rolls 4; blue holds 7"
