"""Issue 60.1 (hidden authoring journey): the balance verdict reads once, in words.

The inconclusive reason names the interval's width without repeating the figures the
verdict line prints after it ("fair tier 7.56, 95% CI 5.47..9.64"), and progress lines
count "1 win", "2 draws" as a person would."""

from __future__ import annotations

from core.ai.balance import TierPoint, _n, card_report


def test_issue_60_1_inconclusive_reason_leaves_the_figures_to_the_verdict_line() -> None:
    points = [TierPoint(2, 10, 9, 0), TierPoint(3, 10, 7, 0), TierPoint(4, 10, 5, 0),
              TierPoint(5, 10, 4, 0), TierPoint(6, 10, 1, 0)]
    report = card_report("t", 4, 2, points, budget=20)
    assert report.verdict == "inconclusive"
    assert "the fair tier's 95% interval spans more than one tier" in report.method
    assert ".." not in report.method  # the interval is printed once, after the reason


def test_issue_60_1_progress_counts_read_as_words() -> None:
    assert [_n(1, "win"), _n(0, "draw"), _n(2, "game")] == ["1 win", "0 draws", "2 games"]


def test_issue_60_1_a_handful_of_games_a_price_asks_for_more_not_another_spread() -> None:
    """Authoring playtest of issue 60: one game a price, each won, was told the prices 'look
    alike' and more games may not decide; it now asks for more games, and only a flat
    trend over enough games suggests another --spread or --agent."""
    few = card_report("panther", 7, 1, [TierPoint(t, 1, 1, 0) for t in range(5, 10)], budget=20)
    assert few.verdict == "inconclusive" and few.more_games is None
    assert few.advice == ("too few games to tell the prices apart (1 at a price): "
                          "try --games 100 or --until-decided; "
                          "and widen --spread upward: --spread 4 tries tiers 3..11, or give the card "
                          "tier 10 and run again (the tiers tried centre on its tier)")
    assert few.to_json()["advice"] == few.advice  # issue 61.1: the JSON carries the same advice
    flat = card_report("panther", 7, 1, [TierPoint(t, 40, 20, 0) for t in range(5, 10)], budget=20)
    assert flat.advice is not None
    assert flat.advice.startswith("more games may not decide: the tested prices look alike")


def test_issue_61_1_no_trend_leans_nowhere_not_to_the_cards_own_tier() -> None:
    """Authoring tester, --games 10 seed 0: 50% at 5..7, 100% at 8..9 (no falling trend) read
    'leaning to tier 7' (the card's own tier) and JSON leaning_tier 7; now no leaning."""
    rates = {5: 1, 6: 1, 7: 1, 8: 2, 9: 2}
    report = card_report("panther-g", 7, 1, [TierPoint(t, 2, w, 0) for t, w in rates.items()],
                         budget=20)
    assert report.verdict == "inconclusive" and "no falling trend" in report.method
    data = report.to_json()
    assert report.leaning is None and data["leaning_tier"] is None
    assert data["advice"] is not None and data["advice"].startswith("too few games")


def test_issue_61_1_the_reason_names_an_unbounded_interval_as_unbounded() -> None:
    """Authoring tester, --games 20 seed 3: fair_tier_ci95 [null, null] with the reason 'spans
    more than one tier'; now the reason says the games do not bound it, and no leaning."""
    rates = {5: 3, 6: 2, 7: 3, 8: 2, 9: 2}
    report = card_report("panther-g", 7, 1, [TierPoint(t, 4, w, 0) for t, w in rates.items()],
                         budget=20)
    assert report.fair is not None and report.fair_interval == (None, None)
    assert "the games do not bound the fair tier" in report.method
    assert "spans more than one tier" not in report.method
    assert report.leaning is None and report.advice is not None
    assert report.to_json()["advice"] == report.advice


def test_issue_60_1_every_game_won_at_every_tier_is_beyond_them_and_says_which_way() -> None:
    """Hidden authoring tester: 16 wins in 16 games at tiers 5..9 read 'inconclusive'; the
    likelihood-ratio interval puts the fair tier above 9.16, so it is beyond the tiers
    tried, worth at least tier 9, and --spread is to be widened upward (downward for a
    card that lost every game)."""
    counts = (3, 3, 4, 3, 3)
    won = card_report("panther", 7, 1, [TierPoint(t, n, n, 0) for t, n in zip(range(5, 10), counts,
                                                                          strict=True)], budget=20)
    assert won.verdict == "beyond" and won.suggested is None and won.at_least == 9
    assert won.summary.startswith("beyond the tiers tried: its army won all 16 games at tiers 5..9")
    assert "worth at least tier 9" in won.summary
    assert won.advice == ("widen --spread upward: --spread 4 tries tiers 3..11, or give the card tier 10 "
                          "and run again (the tiers tried centre on its tier)")
    assert won.tally == (16, 0, 0) and won.to_json()["summary"] == won.summary
    lost = card_report("panther", 7, 1, [TierPoint(t, n, 0, 0) for t, n in zip(range(5, 10), counts,
                                                                          strict=True)], budget=20)
    assert lost.verdict == "beyond" and lost.at_most == 5 and "worth at most tier 5" in lost.summary
    assert lost.advice is not None and lost.advice.startswith("widen --spread downward")


def test_issue_60_1_a_fit_outside_the_tiers_tried_says_so_and_one_bound_is_a_worth() -> None:
    """Hidden authoring tester: 'leaning to tier 9' beside 'best fit 14.98', and 'no leaning'
    beside a one-sided bound. A fit outside the tiers tried is said to be outside (no leaning
    clamped to the nearest tier), and a bounded side reads 'worth at least tier N'."""
    rates = (3, 2, 3, 2, 2)
    report = card_report("panther", 7, 1, [TierPoint(t, n, w, 0) for t, n, w in
                                           zip(range(5, 10), (3, 3, 4, 3, 3), rates, strict=True)],
                         budget=20)
    assert report.verdict == "inconclusive" and report.leaning is None and report.at_least == 7
    assert report.fair is not None and report.fair > 9.5
    assert f"best fit {report.fair:.2f}, above the tiers tried (5..9)" in report.summary
    assert "worth at least tier 7" in report.summary
    assert "leaning" not in report.summary
    assert report.advice is not None and "widen --spread upward" in report.advice
