"""Issue 60.1/60.2 (authoring): ``validate`` refuses two pieces on one hex (DG-3.12) and
brings the schema's problems and the rules' problems of one file back in one run."""

from __future__ import annotations

from pathlib import Path

import pytest

from cli.commands import check_file
from core.errors import DataError
from core.registry import get_ruleset

SUMMER = Path(__file__).resolve().parents[2] / "data/duel_of_the_giants/scenarios/summer.yaml"


def _scenario(tmp_path: Path, *edits: tuple[str, str]) -> Path:
    text = SUMMER.read_text()
    for old, new in edits:
        assert old in text
        text = text.replace(old, new, 1)
    out = tmp_path / "scen.yaml"
    out.write_text(text)
    return out


def test_dg_3_12_two_tigers_on_one_hex_refused_by_validate_and_by_the_setup(tmp_path: Path) -> None:
    """Issue 60.1: both Tigers at c4 -> one problem at the second Tiger, citing DG-3.12;
    starting a game from the file refuses it with the same sentence (no traceback)."""
    path = _scenario(tmp_path, ("- {at: c7, hull: E}", "- {at: c4, hull: W}"))
    problems = [str(p) for p in check_file(path)]
    assert len(problems) == 1 and "DG-3.12" in problems[0] and "Tiger 1" in problems[0], problems
    line = next(i for i, t in enumerate(path.read_text().splitlines(), 1) if "{at: c4, hull: W}" in t)
    assert f":{line}:" in problems[0]
    with pytest.raises(DataError, match="DG-3.12"):
        get_ruleset("duel-of-the-giants").new_game(str(path), {}, 1)


def test_issue_60_2_form_and_board_and_rule_problems_come_back_together(tmp_path: Path) -> None:
    """Issue 60.2: a bad hull (the schema), a hex off the board and a Tiger on swamp
    (DG-7.4.1) in one scenario: all three in one run."""
    path = _scenario(tmp_path, ("- {at: c4, hull: E}", "- {at: a4, hull: Q}"),
                     ("- {at: c7, hull: E}", "- {at: z3, hull: E}"))
    problems = [str(p) for p in check_file(path)]
    assert any("hull" in p and "'NE'" in p for p in problems), problems
    assert any("z3 is not on the 9 x 11 board" in p for p in problems), problems
    assert any("a4" in p and "DG-7.4.1" in p for p in problems), problems
    # a stand-in for a refused value makes no problem of its own: `tigers: two` is one problem,
    # not also "2 Tigers; components say 0"
    path = _scenario(tmp_path, ("  tigers: 2", "  tigers: two"))
    problems = [str(p) for p in check_file(path)]
    assert len(problems) == 1 and "tigers: Input should be a valid integer" in problems[0], problems


def test_issue_60_2_army_validate_with_a_misspelt_key_still_shows_the_roster_and_the_rest(tmp_path: Path) -> None:
    """Issue 60.2: ``nmae:`` no longer hides the roster, the two tanks named alike and an
    unknown card: all come back with the misspelt key's problem."""
    from typer.testing import CliRunner

    from cli.app import app

    army = tmp_path / "army.yaml"
    army.write_text("ruleset: battle-of-tanks\nkind: army\nnmae: Panzer Company\nbudget: 20\ntanks:\n"
                    "  - card: t-80\n    name: Hans\n  - card: t-80\n    name: Hans\n"
                    "  - card: tiger1\n", encoding="utf-8")
    done = CliRunner().invoke(app, ["army", "validate", str(army)])
    assert done.exit_code == 1, done.output
    assert "army.yaml:3:1: unknown field 'nmae'" in done.output
    assert "Hans: T-80" in done.output and "total 8 of 20" in done.output  # the roster
    assert "both get the label 'hans'" in done.output
    assert "unknown card 'tiger1'" in done.output and "INVALID" in done.output


def test_issue_60_6_a_tank_chess_card_that_keeps_its_base_s_letter_is_told_at_its_based_on(tmp_path: Path) -> None:
    """Issue 60.6: ``based_on: HT`` without a letter of its own keeps H; the map's H is
    ambiguous: said at the card's based_on, and the map's problem at the letter's column."""
    (tmp_path / "pieces.yaml").write_text("ruleset: tank-chess\nkind: card\ncards:\n  - id: SHT\n"
                                          "    based_on: HT\n    gun: 4\n", encoding="utf-8")
    grid = "".join("  " + " ".join(row) + "\n" for row in
                   ["h" + "." * 15] + ["." * 16] * 14 + ["." * 15 + "H"])
    (tmp_path / "map.yaml").write_text("ruleset: tank-chess\nkind: map\nname: m\nsize: 16\nfair: false\n"
                                       "cards: [pieces.yaml]\ngrid: |\n" + grid, encoding="utf-8")
    problems = [str(p) for p in check_file(tmp_path / "map.yaml")]
    assert any(p.startswith(f"{tmp_path / 'pieces.yaml'}:5:15: card SHT: based_on gives it HT's letter 'H'")
               for p in problems), problems
    assert any(":8:3: rank 16: letter 'h' at a16 is ambiguous" in p for p in problems), problems
    assert any(":23:33: rank 1: letter 'H' at p1 is ambiguous" in p for p in problems), problems


def test_issue_60_2_an_inline_card_reusing_a_shipped_id_does_not_hide_the_roster(tmp_path: Path) -> None:
    """Issue 60.2: an army whose inline card reuses ``tiger-i`` with other values is
    refused for that card, and the roster and the other cards still come back."""
    from typer.testing import CliRunner

    from cli.app import app

    army = tmp_path / "army.yaml"
    army.write_text("ruleset: battle-of-tanks\nkind: army\nname: Odd lot\nbudget: 20\ntanks:\n"
                    "  - card: tiny\n  - card: tiger-i\n  - card: t80\ncards:\n"
                    "  - {id: tiny, based_on: t-80, name: Tiny, tier: 1}\n"
                    "  - {id: tiger-i, based_on: tiger-i, tier: 3}\n", encoding="utf-8")
    done = CliRunner().invoke(app, ["army", "validate", str(army)])
    assert done.exit_code == 1, done.output
    assert "army.yaml:11:10: card 'tiger-i' is already a card with other values" in done.output
    assert "1. Tiny" in done.output and "unknown card 't80'" in done.output and "INVALID" in done.output
