"""Issue 60.4 (hidden authoring journey): ``tanktable hex draw MAP`` as text ends with a
key of the letters the map uses, what each does by the map's own chart, as the SVG's
legend does; ``--no-legend`` gives the grid alone."""

from __future__ import annotations

from typer.testing import CliRunner

from cli.app import app

runner = CliRunner()


def test_issue_60_4_the_text_map_has_a_key_of_its_own_terrain() -> None:
    drawn = runner.invoke(app, ["hex", "draw", "village"])
    assert drawn.exit_code == 0, drawn.output
    key = drawn.output.split("key:\n", 1)[1].splitlines()
    assert "  W  Woods (HTC-T99): 2 MP to enter; cover 2; blocks sight, 1 hex behind it hidden " \
           "from above; mortar and artillery +2" in key
    grid = set(drawn.output.split("key:", 1)[0].split())
    assert [line.split()[0] for line in key] == [".", "o", "s", "~", "W"]
    assert all(line.split()[0] in grid for line in key)  # only letters the map uses
    bare = runner.invoke(app, ["hex", "draw", "village", "--no-legend"])
    assert bare.exit_code == 0 and "key:" not in bare.output
