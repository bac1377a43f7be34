"""Issue 60 (hidden authoring journey): a new card's problems read in plain words.

A text that breaks its field's pattern is said in words with the value found and the
text to write instead, never as a regular expression; pydantic's "Value error," label
is dropped; ``cards show RULESET FILE`` shows the card a new author just wrote."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from cli.app import app

runner = CliRunner()

BAD = """\
ruleset: battle-of-tanks
kind: card
id: Panther G
name: Panther
short: pan ther
tier: 7
hit_points: 1100
move_cm: 30
sight_cm: 70
recon: 7+
accuracy: 2+
rate_of_fire: 2
firepower: 170
repair: 3+
"""


def test_issue_60_pattern_and_value_problems_are_said_in_words(tmp_path: Path) -> None:
    bad = tmp_path / "panther.yaml"
    bad.write_text(BAD, encoding="utf-8")
    result = runner.invoke(app, ["validate", str(bad)])
    assert result.exit_code == 1
    out = result.output
    assert (f"{bad}:3:5: id: 'Panther G' is not allowed here: only lower-case letters, digits, "
            "'.', '_' and '-', starting with a letter or digit (write 'panther-g'?)") in out
    assert f"{bad}:5:8: short: 'pan ther' is not allowed here: only lower-case letters and digits " \
           "(write 'panther'?)" in out
    assert f"{bad}:10:8: recon: a roll must be 1+ to 6+ on a d6, got 7+" in out
    assert "[a-z" not in out and "Value error" not in out


def test_issue_60_cards_show_takes_the_card_file_itself(tmp_path: Path) -> None:
    mine = tmp_path / "panther.yaml"
    mine.write_text(BAD.replace("Panther G", "panther").replace("pan ther", "panther")
                    .replace("7+", "2+"), encoding="utf-8")
    shown = runner.invoke(app, ["cards", "show", "battle-of-tanks", str(mine)])
    assert shown.exit_code == 0, shown.output
    assert "id: panther" in shown.output and "firepower: 170" in shown.output
    unknown = runner.invoke(app, ["cards", "show", "battle-of-tanks", "pnther"])
    assert unknown.exit_code == 1
    assert "or the card file itself" in unknown.output
