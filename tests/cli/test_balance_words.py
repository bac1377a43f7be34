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
