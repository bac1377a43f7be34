"""Hidden information (DG-24): what is face down for a player never reaches him.

Two checks on random games chosen by hypothesis:

* non-interference: re-dealing the secrets a player cannot see (which Soviet
  markers are real; ATG and mine identities and Tiger programs) changes
  nothing in his ``view()``, ``render()``, decision text or legal actions;
* events: no event shown to a player names the identity of a marker that is
  still face down for him, nor an unexecuted Tiger program.
"""

from __future__ import annotations

import random
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from rulesets.duel_of_the_giants import RULESET
from rulesets.duel_of_the_giants.board import label
from rulesets.duel_of_the_giants.game import DuelGame
from rulesets.duel_of_the_giants.view import resample_secrets


def _seen_the_same(g: DuelGame, player: int, rng: random.Random) -> None:
    side = g.side_of[player]
    other = g.clone()
    other.state_changed()
    resample_secrets(other, side, rng)
    assert other.view(player) == g.view(player)
    assert other.render(player) == g.render(player)
    if g.to_move() == player and g.outcome() is None:
        assert other.decision() == g.decision()
        mine = sorted(g.format_action(a) for a in g.legal_actions())
        theirs = sorted(other.format_action(a) for a in other.legal_actions())
        assert mine == theirs


def _mentions(text: str, hexes: set[str]) -> set[str]:
    return {h for h in hexes if re.search(rf"\b{h}\b", text)}


def _events_clean(g: DuelGame, player: int, events: list) -> None:
    side = g.side_of[player]
    shown = g.events_for(player, events)
    for e in shown:
        if side == "german":
            hidden = {label(m.pos) for m in g.markers.values()}
            if _mentions(e.text, hidden):
                assert not re.search(r"\b(wheel|bluff)\b", e.text) or "revealed" in e.text, e.text
        else:
            hidden_atg = {label(a.pos) for a in g.atgs.values() if not a.face_up}
            hidden_mine = {label(m.pos) for m in g.mines.values() if not m.face_up}
            if _mentions(e.text, hidden_atg) and "turned up" not in e.text and "overruns" not in e.text:
                assert not re.search(r"PAK|pak88|pak36|\bbluff\b", e.text), e.text
            if _mentions(e.text, hidden_mine) and "ATG" not in e.text:
                assert not re.search(r"real mine|\bbluff\b|\(mine\)", e.text), e.text
            assert e.kind != "program" or "face down" in e.text, e.text
            german_shot = e.kind == "declare" and ("Tiger" in e.text or "PAK" in e.text)
            assert not german_shot or "declares" in e.text, e.text


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 100_000), players=st.sampled_from([2, 4]),
       scenario=st.sampled_from(["summer", "winter"]))
def test_dg_24_views_never_reveal_face_down_identities(seed: int, players: int, scenario: str) -> None:
    g = RULESET.new_game(scenario, {"players": players, "end.max_rounds": 2}, seed)
    assert isinstance(g, DuelGame)
    rng = random.Random(seed)
    german = g.side_players["german"][0]
    soviet = g.side_players["soviet"][0]
    step = 0
    while g.outcome() is None and step < 3000:
        if step % 9 == 0:
            _seen_the_same(g, german, rng)
            _seen_the_same(g, soviet, rng)
        actions = g.legal_actions()
        events = g.apply(actions[rng.randrange(len(actions))])
        _events_clean(g, german, events)
        _events_clean(g, soviet, events)
        step += 1
    assert g.outcome() is not None


def test_dg_24_german_view_has_no_marker_identity_and_soviet_none_of_atgs() -> None:
    g = RULESET.new_game("summer", {}, 0)
    gv, sv = g.view(0), g.view(1)
    assert all("wheel" not in m for m in gv["markers"])
    assert all("wheel" in m for m in sv["markers"])
    assert all(a["kind"] is None for a in sv["atgs"]) and all(a["kind"] for a in gv["atgs"])
    assert all(m["real"] is None for m in sv["mines"])
    assert "Mw" not in g.render(0) and "A8" not in g.render(1) and "A?" in g.render(1)
    assert g.hidden_information and not g.game_type.undo_across_players
    g.finished = "the German player resigns"  # over: nothing is secret any more, on either seat's board
    gv, sv = g.view(0), g.view(1)
    assert all("wheel" in m for m in gv["markers"]) and all(a["kind"] for a in sv["atgs"])
    assert all(m["real"] is not None for m in sv["mines"])
    assert "(unknown, DG-9)" not in RULESET.render_svg(g, 0) and "a wheel: a T-34" in RULESET.render_svg(g, 0)


def test_determinize_keeps_own_knowledge_and_resamples_the_rest() -> None:
    g = RULESET.new_game("summer", {}, 0)
    wheels = {m.pos for m in g.markers.values() if m.wheel}
    seen = set()
    for seed in range(8):
        d = g.determinize(0, seed)
        assert d.view(0) == g.view(0)
        seen.add(frozenset(m.pos for m in d.markers.values() if m.wheel))
        assert not d.history
    assert len(seen) > 1 and all(len(s) == len(wheels) for s in seen)
    d = g.determinize(1, 0)
    assert {m.pos for m in d.markers.values() if m.wheel} == wheels


def test_dg_24_soviet_is_asked_in_b2_even_with_only_bluffs_left() -> None:
    """Skipping the activation step would tell the German that no wheel is left."""
    from tests.duel_of_the_giants.helpers import blank, goto, marker, t34, tiger

    for wheel in (True, False):
        g = blank()
        tiger(g, 1, "a1", "E")
        tiger(g, 2, "a11", "E")
        t34(g, 1, "i11", "NE")
        marker(g, "g5", wheel)
        goto(g, "B2")
        assert g.step == "B2" and g.to_move() == g.players.index("soviet")
        assert g.view(0)["decision"] == g.decision()


def test_dg_24_a_hidden_variant_keeps_what_a_side_sees_and_redeals_the_rest() -> None:
    """Game.hidden_variant (issue 25, tanktable check's secrets differential): the game
    with the other side's secrets dealt again -- the history kept, every view of the
    side it is made for the same, and the omniscient view different for some seed."""
    g = RULESET.new_game("summer", {"end.max_rounds": 1}, 5)
    assert isinstance(g, DuelGame)
    rng = random.Random(5)
    redealt = [0, 0]
    while g.outcome() is None:
        for player in (0, 1):
            other = g.hidden_variant(player, len(g.history))
            assert other.history == g.history and other is not g
            assert other.view(player) == g.view(player) and other.render(player) == g.render(player)
            redealt[player] += other.view(None) != g.view(None)
        g.apply(rng.choice(g.legal_actions()))
    assert min(redealt) > 0, redealt
