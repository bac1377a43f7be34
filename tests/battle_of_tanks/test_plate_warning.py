"""The base-plate warning the browser table shows both seats (BT-8.2, hidden playtest of
issues 58/59: a game was lost on the plate without a word), and the last shot's line drawn
only while it joins its two tanks (hidden playtest: it pointed at an empty spot)."""

from __future__ import annotations

from rulesets.battle_of_tanks.plate import plate_threats
from rulesets.battle_of_tanks.svg import render_svg
from tests.battle_of_tanks.helpers import card, make_game

CARDS = [card("raider", sight_cm=30, hit_points=300, tier=4), card("gun", sight_cm=60, hit_points=900, tier=7)]
ON_B_PLATE: dict[str, tuple[float, float, float]] = {"a1": (105.0, 105.0, 0.0), "b1": (60.0, 10.0, 0.0)}


def test_bt_8_2_the_view_names_a_holder_when_it_wins_and_what_stops_it() -> None:
    g = make_game(["raider"], ["gun"], ON_B_PLATE, cards=CARDS)
    g.tank("a1").plate_at_start = True
    [w] = g.view(0)["plate"]
    assert (w["tank"], w["side"], w["plate"], w["round"]) == ("raider#1", "a", "b", g.round)
    assert w["text"] == (f"it wins at the end of round {g.round} unless it loses hit points, takes a track hit "
                         "or leaves the plate before then (BT-8.2)")
    g.tank("a1").damaged = True  # hit this round: it must last a whole round more
    assert plate_threats(g)[0]["round"] == g.round + 1
    assert plate_threats(g)[0]["text"].startswith(f"it was damaged this round, so it wins at the end of round "
                                                  f"{g.round + 1} if it is still there when round {g.round + 1} begins")
    g.tank("a1").x = 60  # off the plate: no warning
    assert plate_threats(g) == []


def test_bt_8_3_a_round_limit_that_ends_the_game_first_is_said_on_the_plate_and_the_ambush() -> None:
    """Hidden playtest: "wins at the end of round 6 if it is still there" and an AMBUSH "until
    round 6 ends" in a game with ``victory.max_rounds=5``: the limit's end is said, in the
    browser's note and the terminal's board alike."""
    from rulesets.battle_of_tanks.actions import Declare
    from rulesets.battle_of_tanks.describe import _declare
    from rulesets.battle_of_tanks.render import plate_lines

    g = make_game(["raider"], ["gun"], ON_B_PLATE, cards=CARDS)
    g.rules = g.rules.model_copy(update={"victory": g.rules.victory.model_copy(update={"max_rounds": g.round})})
    [w] = plate_threats(g)  # came this round: it would win a round after the game has ended
    assert w["text"] == (f"the game ends first, at the end of round {g.round} on tier points destroyed (round limit, "
                         f"BT-8.3): it would win on the plate only at the end of round {g.round + 1} (BT-8.2)")
    assert "a would win on the plate only" in " ".join(plate_lines(g, 300))
    g.tank("a1").plate_at_start = True  # held since the round began: it wins at this round's end, before the limit
    assert plate_threats(g)[0]["text"].startswith(f"it wins at the end of round {g.round} unless")
    note = _declare(g, Declare("a1", "AMBUSH"))
    assert note.endswith(f"until the game ends at the end of round {g.round} on tier points destroyed (round limit, "
                         "BT-8.3)"), note


def test_the_last_shots_line_goes_once_its_target_drove_away() -> None:
    g = make_game(["raider"], ["gun"], ON_B_PLATE, cards=CARDS)
    t, s = g.tank("b1"), g.tank("a1")
    g.last_shot = {"shooter": s.key, "target": t.key, "from": [s.x, s.y], "to": [t.x, t.y]}
    assert 'class="last-shot"' in render_svg(g)
    t.x += 10
    assert 'class="last-shot"' not in render_svg(g)


def test_each_live_tanks_hit_points_are_drawn_over_the_scale() -> None:
    """Hidden playtest: the hit points under a tank, from its card (BT-2), drawn after the
    scale bar, so a tank in the start corner keeps its number readable; a wreck has none."""
    g = make_game(["raider"], ["gun"], ON_B_PLATE, cards=CARDS)
    g.tank("a1").hp = 120
    picture = render_svg(g)
    assert 'data-hp="120" data-of="300"' in picture and 'data-hp="900" data-of="900"' in picture
    assert picture.index('class="scale"') < picture.index('class="hp"')
    g.tank("a1").hp = 0
    assert 'data-of="300"' not in render_svg(g)
