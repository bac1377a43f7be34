"""Issue 60.6: ``tanktable map new RULESET`` prints a map that validates as printed,
wherever it is saved and on whichever machine it is shared to: a shipped map's
``terrain_files:`` are relative to the shipped data, so the template names the chart
portably as ``RULESET:NAME`` (``duel-of-the-giants:hex_terrain``), never as a path
where tanktable happens to be installed."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from cli.app import app

runner = CliRunner()


def _giants_map() -> str:
    printed = runner.invoke(app, ["map", "new", "duel-of-the-giants"])
    assert printed.exit_code == 0, printed.output
    return printed.output


def test_issue_60_6_the_duel_of_the_giants_map_template_validates_saved_anywhere(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    text = _giants_map()
    assert 'terrain_files: ["duel-of-the-giants:hex_terrain"]' in text
    assert "shipped_terrain: false    # only the charts under terrain_files" in text  # said what it means
    assert "terrain_files: [../" not in text  # the shipped, package-relative name
    assert str(Path(__file__).resolve().parents[2]) not in text  # no installed path
    saved = tmp_path / "my" / "maps" / "mine.yaml"
    saved.parent.mkdir(parents=True)
    saved.write_text(text, encoding="utf-8")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    checked = runner.invoke(app, ["validate", str(saved)])
    assert checked.exit_code == 0, checked.output
    assert "ok" in checked.output


@pytest.mark.parametrize(("name", "said"), [
    ("duel-of-the-giants:../../hex_terrain", "this one leaves it"),
    ("duel-of-the-giants:/etc/hostname", "this one leaves it"),
    ("duel-of-the-giants:hex_terain", "ships no file 'hex_terain.yaml'; did you mean 'hex_terrain'?"),
    ("duel-of-giants:hex_terrain", "unknown ruleset 'duel-of-giants'; did you mean 'duel-of-the-giants'?"),
])
def test_issue_60_6_a_bad_shipped_terrain_name_is_named_at_its_line(
        tmp_path: Path, name: str, said: str) -> None:
    """A name that leaves the ruleset's data is refused; a typo gets a suggestion."""
    text = _giants_map().replace('"duel-of-the-giants:hex_terrain"', f'"{name}"')
    line = next(i for i, row in enumerate(text.splitlines(), 1) if row.startswith("terrain_files:"))
    saved = tmp_path / "bad.yaml"
    saved.write_text(text, encoding="utf-8")
    checked = runner.invoke(app, ["validate", str(saved)])
    assert checked.exit_code == 1
    assert f"bad.yaml:{line}:17: terrain_files: " in checked.output
    assert said in checked.output


def test_issue_60_6_a_path_beside_the_map_still_wins_and_hex_names_the_whole_data(
        tmp_path: Path) -> None:
    """The core ``hex`` ruleset reaches every shipped chart by its folder; a path is
    still a path (``C:`` of a Windows drive is never read as a ruleset)."""
    text = _giants_map()
    (tmp_path / "hex.yaml").write_text(text.replace(
        '"duel-of-the-giants:hex_terrain"', '"hex:duel_of_the_giants/hex_terrain"'), encoding="utf-8")
    chart = runner.invoke(app, ["show", "hex", "terrain", "duel_of_the_giants/hex_terrain"])
    (tmp_path / "chart.yaml").write_text(chart.output, encoding="utf-8")
    (tmp_path / "local.yaml").write_text(text.replace('"duel-of-the-giants:hex_terrain"', '"chart.yaml"'),
                                         encoding="utf-8")
    checked = runner.invoke(app, ["validate", str(tmp_path / "hex.yaml"), str(tmp_path / "local.yaml")])
    assert checked.exit_code == 0, checked.output


def test_issue_60_4_the_tank_chess_map_template_is_marked_fair_and_keeps_the_promise(
        tmp_path: Path) -> None:
    """TC-9.2: the template says ``fair: true`` and validates as printed, so the first-move
    checks are on from the start (uncommenting it used to give 34 first-move shots)."""
    printed = runner.invoke(app, ["map", "new", "tank-chess"])
    assert printed.exit_code == 0, printed.output
    assert "\nfair: true " in printed.output
    saved = tmp_path / "mine.yaml"
    saved.write_text(printed.output, encoding="utf-8")
    checked = runner.invoke(app, ["validate", str(saved)])
    assert checked.exit_code == 0, checked.output


def test_issue_60_6_show_prints_a_shipped_map_that_validates_where_it_is_saved(tmp_path: Path) -> None:
    """``tanktable show RULESET map NAME`` is a file to start from too: its terrain chart is
    named portably; a copy that still says ``../hex_terrain.yaml`` is told the portable name."""
    shown = runner.invoke(app, ["show", "duel-of-the-giants", "map", "winter"])
    assert shown.exit_code == 0, shown.output
    assert 'terrain_files: ["duel-of-the-giants:hex_terrain"]' in shown.output
    saved = tmp_path / "winter.yaml"
    saved.write_text(shown.output, encoding="utf-8")
    assert runner.invoke(app, ["validate", str(saved)]).exit_code == 0
    saved.write_text(shown.output.replace('"duel-of-the-giants:hex_terrain"', "../hex_terrain.yaml"),
                     encoding="utf-8")
    old = runner.invoke(app, ["validate", str(saved)])
    assert old.exit_code == 1
    assert "no terrain file '../hex_terrain.yaml': no such file (a chart tanktable ships is named " \
           "from any folder as RULESET:NAME: hex:duel_of_the_giants/hex_terrain or hex:hex_terrain)" in old.output


@pytest.mark.parametrize("name", ["hex:a\x00b", "hex:" + "a" * 5000])
def test_issue_60_6_a_shipped_name_no_file_can_have_is_a_sentence(name: str) -> None:
    """A NUL or a name too long for the file system is no shipped file, said in a sentence."""
    from core.errors import TanktableError
    from core.schema import shipped_reference

    with pytest.raises(TanktableError, match="hex ships no file"):
        shipped_reference(name)


def test_issue_60_6_a_plugin_without_data_kinds_is_told_so_not_an_empty_list(monkeypatch: pytest.MonkeyPatch) -> None:
    """Authoring playtest of issue 60: ``cards new`` for a plugin that declares no YAML
    kinds said "(its data kinds: )"; it now says what is missing and where the guide is."""
    import core.schema
    from cli.commands import role_kind
    from core.errors import TanktableError

    monkeypatch.setattr(core.schema, "kinds_of", lambda ruleset_id: {"record"})
    with pytest.raises(TanktableError) as refused:
        role_kind("gun-duel", "card")
    assert str(refused.value) == ("gun-duel has no unit cards: it declares no data kinds of its own "
                                  "(a ruleset's author adds them: docs/writing-a-ruleset.md, 'Data kinds')")


def test_issue_60_2_the_hex_tools_are_no_game_and_say_so() -> None:
    """Authoring playtest of issue 60: ``scenario new hex`` said "its scenarios are maps",
    as for Tank Chess, though hex maps are the hex tools' files and no game's scenarios."""
    from cli.commands import role_kind
    from core.errors import TanktableError

    with pytest.raises(TanktableError) as refused:
        role_kind("hex", "scenario")
    assert str(refused.value) == ("hex is no game, so it has no scenario files: its files are maps and "
                                  "terrain charts for the hex tools; start a map with tanktable map new hex")


def test_issue_60_4_the_tank_chess_template_s_example_lines_validate_uncommented(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 60.4: the commented ``facing:``, ``legend:`` and ``cards:`` lines of ``map new
    tank-chess`` teach lines ``validate`` accepts (the legend once said ``X``, refused)."""
    printed = runner.invoke(app, ["map", "new", "tank-chess"])
    assert printed.exit_code == 0, printed.output
    lines = [row[2:] if row.startswith(("# facing:", "# legend:", "# cards:")) else row
             for row in printed.output.splitlines()]
    assert sum(row.startswith(("facing:", "legend:", "cards:")) for row in lines) == 3
    (tmp_path / "mine.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    cards = runner.invoke(app, ["cards", "new", "tank-chess"])
    (tmp_path / "my-cards.yaml").write_text(cards.output, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    checked = runner.invoke(app, ["validate", "mine.yaml"])
    assert checked.exit_code == 0, checked.output
