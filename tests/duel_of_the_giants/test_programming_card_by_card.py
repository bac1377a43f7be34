"""Issue 27.14: every legal Tiger program can be chosen from the legal list (DG-11.2-11.4).

Phase A4 programs a Tiger card by card: each decision lays one card (``tiger1 +F``)
or ends the stack (``tiger1 done``). The list at each step is small, every program
``check`` accepts is a path through the lists, a whole program may still be typed
at once, records of whole programs still replay, and the cards laid stay the
German's secret.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.errors import DataError
from core.record import dump_record, load_record, make_record, parse_record, replay
from rulesets.duel_of_the_giants import RULESET
from rulesets.duel_of_the_giants.actions import CloseProgram, LayCard, Program
from rulesets.duel_of_the_giants.game import DuelGame
from rulesets.duel_of_the_giants.tigers import CARDS, program_problem
from rulesets.duel_of_the_giants.view import resample_secrets
from tests.duel_of_the_giants.helpers import blank, goto, play, t34, tiger

HERE = Path(__file__).parent


def programming(track1: int = 5, **options: object) -> DuelGame:
    g = blank(**options)
    tiger(g, 1, "c5", "E", track=track1)
    tiger(g, 2, "c8", "E")
    t34(g, 1, "i1", "W")
    goto(g, "A4")
    assert g.step == "A4"
    return g


def lay(g: DuelGame, tiger_number: int, cards: tuple[str, ...]) -> None:
    """Program a Tiger by choosing each card, then the end, from the legal list only."""
    for card in cards:
        assert g.programs.get(tiger_number) is None, "the stack closed before its last card"
        offered = {a for a in g.legal_actions() if isinstance(a, LayCard)}
        assert LayCard(tiger_number, card) in offered, (cards, g.draft, card)
        g.apply(LayCard(tiger_number, card))
    if tiger_number not in g.programs:
        assert CloseProgram(tiger_number) in g.legal_actions()
        g.apply(CloseProgram(tiger_number))


def test_issue_27_14_the_a4_list_lays_one_card_or_ends_the_stack() -> None:
    g = programming()
    texts = [g.format_action(a) for a in g.legal_actions()]
    assert texts == ["tiger1 +F", "tiger1 +B", "tiger1 +L", "tiger1 +R", "tiger1 +S", "tiger1 +T12",
                     "tiger1 +T2", "tiger1 +T4", "tiger1 +T6", "tiger1 +T8", "tiger1 +T10", "tiger1 done"]
    play(g, "tiger1 +T4")  # DG-11.2: after the turret card, only Stop (then filler) or the end
    assert [g.format_action(a) for a in g.legal_actions()] == ["tiger1 +S", "tiger1 done"]


def test_issue_27_14_tiger2_F_F_R_F_is_chosen_card_by_card() -> None:
    """The program of the issue, out of reach of the old list of 603, is now a path."""
    g = programming()
    play(g, "tiger1 done")
    lay(g, 2, ("F", "F", "R", "F"))
    assert g.programs == {1: (), 2: ("F", "F", "R", "F")}
    assert g.step != "A4"


def test_dg_11_3_no_card_beyond_the_damage_track_is_offered() -> None:
    g = programming(track1=2)
    play(g, "tiger1 +F", "tiger1 +L")
    offered = [a.card for a in g.legal_actions() if isinstance(a, LayCard)]
    assert offered == ["S"]  # the track is used up; Stop opens the filler (DG-11.4)
    bad = g.check(LayCard(1, "F"))
    assert bad is not None and bad.rule == "DG-11.3"


def test_dg_11_4_a_full_stack_ends_by_itself() -> None:
    """Six cards (``tiger.stack_limit``): no card is left to lay, so nobody is asked."""
    g = programming()
    play(g, "tiger1 +F", "tiger1 +S", "tiger1 +L", "tiger1 +L", "tiger1 +T2", "tiger1 +S")
    assert g.programs[1] == ("F", "S", "L", "L", "T2", "S")
    assert g.draft == () and g.to_move() == g.tiger(2).owner
    assert all(a.tiger == 2 for a in g.legal_actions() if isinstance(a, LayCard | CloseProgram))


def test_issue_27_14_a_whole_program_may_still_be_typed_but_not_over_laid_cards() -> None:
    g = programming()
    assert g.check(g.parse_action("tiger2 F F R F")) is None  # any Tiger, while no card is laid
    play(g, "tiger1 +F")
    bad = g.check(g.parse_action("tiger2 F F R F"))
    assert bad is not None and bad.rule == "DG-11.2" and "tiger1 done" in bad.reason
    bad = g.check(LayCard(2, "F"))
    assert bad is not None and bad.rule == "DG-11.2" and "now Tiger 1" in bad.reason
    play(g, "tiger1 +F", "tiger1 done", "tiger2 F F R F")
    assert g.programs == {1: ("F", "F"), 2: ("F", "F", "R", "F")}


def test_issue_27_14_card_notation_round_trips() -> None:
    g = programming()
    for action in (LayCard(1, "T10"), LayCard(2, "S"), CloseProgram(1), Program(2, ("F", "R", "T2")), Program(1, ())):
        assert g.parse_action(g.format_action(action)) == action
    assert g.parse_action("tiger1 + f") == LayCard(1, "F")


@settings(max_examples=150, deadline=None)
@given(track=st.integers(1, 5), limit=st.integers(1, 7),
       cards=st.lists(st.sampled_from(CARDS), max_size=8).map(tuple))
def test_issue_27_14_every_program_check_accepts_is_reached_by_legal_choices(
        track: int, limit: int, cards: tuple[str, ...]) -> None:
    """Property: a program is legal when typed exactly when it is a path of legal choices."""
    g = programming(track1=track, **{"tiger.stack_limit": limit})
    accepted = g.check(Program(1, cards)) is None
    path = g.clone()
    reached = True
    for card in cards:
        if 1 in path.programs or LayCard(1, card) not in path.legal_actions():
            reached = False
            break
        path.apply(LayCard(1, card))
    if reached and 1 not in path.programs:
        reached = CloseProgram(1) in path.legal_actions()
        path.apply(CloseProgram(1))
    assert reached == accepted, (cards, track, limit)
    if accepted:
        assert path.programs[1] == cards
        # a stack takes at most its size in decisions: a full one ends by itself (a bound, issue 27.2)
        assert len(path.history) <= max(limit, track)
        assert max(len(path.legal_actions()), len(g.legal_actions())) <= len(CARDS) + 1


def test_issue_27_14_random_seats_now_reach_long_programs() -> None:
    """A seat choosing uniformly from the list plays programs outside the old 603."""
    seen: set[tuple[str, ...]] = set()
    for seed in range(40):
        g = programming()
        rng = random.Random(seed)
        while 1 not in g.programs:
            g.apply(rng.choice(g.legal_actions()))
        seen.add(g.programs[1])
    assert any(len([c for c in p if c in "FBLR"]) >= 4 and set(p) - {"F"} for p in seen)


# ------------------------------------------------------------------ secrecy (DG-24)
def test_dg_24_cards_laid_are_the_germans_and_only_the_stack_height_is_seen() -> None:
    g = programming()
    german, soviet = g.players.index("german"), g.players.index("soviet")
    decision = g.decision()
    events = play(g, "tiger1 +F", "tiger1 +R", "tiger1 +T4")
    assert g.decision() == decision  # the decision names no card: both sides read it
    assert g.view(german)["draft"] == {"tiger": 1, "cards": ["F", "R", "T4"]}
    assert "stack of Tiger 1 so far: F R T4" in g.render(german)
    assert g.view(soviet)["draft"] is None and "F R T4" not in g.render(soviet)
    assert [e.text for e in g.events_for(soviet, events)] == ["Tiger 1: a card is laid face down"] * 3
    events = play(g, "tiger1 done")
    assert [e.text for e in g.events_for(soviet, events)] == [
        "Tiger 1 is programmed (a stack of 3 cards, face down)"]
    for action in (LayCard(1, "F"), CloseProgram(1)):
        assert g.public_action_text(action) is None


def test_dg_24_the_soviet_search_resamples_cards_but_keeps_stack_heights() -> None:
    g = programming()
    play(g, "tiger1 +F", "tiger1 +F", "tiger1 done", "tiger2 +L", "tiger2 +F")
    soviet = g.players.index("soviet")
    dealt = set()
    for seed in range(10):
        other = g.clone()
        resample_secrets(other, "soviet", random.Random(seed))  # what the Soviet side cannot see
        assert other.view(soviet) == g.view(soviet)
        assert len(other.programs[1]) == 2 and len(other.draft) == 2
        assert program_problem(other, other.tiger(1), other.programs[1]) is None
        dealt.add(other.programs[1])
    assert len(dealt) > 1


# ------------------------------------------------------------------ records and positions
def test_issue_27_14_a_record_of_whole_programs_still_replays() -> None:
    """Each program given as one move (as typed, and as records held them before
    card-by-card programming) replays with verification."""
    path = HERE / "record_whole_programs.yaml"
    record, doc = load_record(path)
    game = replay(record, RULESET, doc, verify=True)
    programs = [s.action for s in game.history if isinstance(s.action, Program)]
    assert len(programs) == 4 and game.outcome() is not None


def test_issue_27_14_a_record_of_card_by_card_programs_replays() -> None:
    g = RULESET.new_game("summer", {"end.max_rounds": 2}, 6)
    assert isinstance(g, DuelGame)
    rng = random.Random(6)
    while g.outcome() is None:
        g.apply(rng.choice(g.legal_actions()))
    laid = [s.action for s in g.history if isinstance(s.action, LayCard)]
    assert laid, "random seats lay cards one by one"
    text = dump_record(make_record(g, RULESET, "summer", 6, {"german": "random", "soviet": "random"}))
    assert any(f"- tiger{n} +" in text for n in (1, 2))  # one move per card in the record
    again = replay(parse_record(text), RULESET, verify=True)
    assert [s.action for s in again.history] == [s.action for s in g.history]
    assert again.view(None) == g.view(None)


def test_issue_27_14_a_position_keeps_the_cards_laid() -> None:
    g = programming()
    play(g, "tiger1 +B", "tiger1 +L")
    copy = RULESET.from_position(g.position())
    assert isinstance(copy, DuelGame)
    assert copy.draft == ("B", "L")
    assert [copy.format_action(a) for a in copy.legal_actions()] == [
        g.format_action(a) for a in g.legal_actions()]


def test_dg_11_2_a_position_with_cards_laid_that_break_the_rules_is_refused() -> None:
    g = programming(track1=2)
    play(g, "tiger1 +F")
    for draft, says in ((["F", "X"], "'X' is not a Tiger card"),
                        (["F", "F", "F"], "at most 2 card(s)"),
                        (["T2", "F"], "the turret card must come after all movement cards")):
        doc = g.position()
        doc["draft"] = draft
        doc.pop("decision")
        with pytest.raises(DataError, match=re.escape(says)):
            RULESET.from_position(doc)
    play(g, "tiger1 done", "tiger2 done")
    doc = g.position()
    doc["draft"] = ["F"]
    with pytest.raises(DataError, match=r"only in phase A4"):
        RULESET.from_position(doc)


# ------------------------------------------------------------------ the computer
def test_issue_27_14_the_computer_programs_whole_and_finishes_a_stack_begun() -> None:
    """At the first card the search chooses a whole program (filled up with Stop so
    that its height tells nothing, DG-11.4); on a stack a person began, it lays cards."""
    from core.ai.agents import GreedyAgent
    from core.ai.mcts import MCTSAgent

    g = programming()
    for agent in (GreedyAgent(seed=1), MCTSAgent(seed=1, think=None, iterations=40)):
        whole = agent.choose(g)
        assert isinstance(whole, Program) and g.check(whole) is None
        assert len(whole.cards) == 6 and program_problem(g, g.tiger(1), whole.cards) is None
    play(g, "tiger1 +R")
    for agent in (GreedyAgent(seed=1), MCTSAgent(seed=1, think=None, iterations=40)):
        card = agent.choose(g)
        assert isinstance(card, LayCard | CloseProgram) and card in g.legal_actions()
