"""Issue 60.3 (authoring): a plugin's own terrain on a core hex map works in the hex
tools and ``print map`` as it does in ``validate``: ``--ruleset REF`` loads the plugin
(not installed) so that ``PLUGIN:terrain/NAME`` resolves, and ``print map PLUGIN``
prints the plugin's hex map through the core hex printer when the plugin has no
printer of its own. The example plugin is copied, not installed: in-process and fast."""

from __future__ import annotations

import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cli.app import app
from core import registry

ROOT = Path(__file__).resolve().parents[2]
runner = CliRunner()

BOG = "ruleset: hex\nkind: terrain\nterrain:\n  bog:\n    based_on: stream\n    name: Bog\n    symbol: b\n    cost: 3\n"
MAP = ("ruleset: hex\nkind: map\nname: Bog lane\norientation: pointy\nshifted: even\n"
       "size: {columns: 10, rows: 8}\nterrain_files: [\"hex-recon:terrain/bog\"]\n"
       "terrain: |\n" + "".join(("  " if r % 2 == 0 else "   ") + ". . b b . . . . . .\n" for r in range(8)))


@pytest.fixture
def plugin(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A copy of examples/hex-recon with a terrain file of its own; the folder to run in.
    What the test registers goes with it (environment, path, modules, cache)."""
    monkeypatch.setenv(registry.REFERENCES_ENV, "{}")
    monkeypatch.setattr(sys, "path", list(sys.path))
    registry.get_ruleset.cache_clear()
    _forget_the_example()  # another test of this process may have imported examples/hex-recon's own
    package = tmp_path / "tanktable_hexrecon"
    shutil.copytree(ROOT / "examples/hex-recon/tanktable_hexrecon", package,
                    ignore=shutil.ignore_patterns("__pycache__"))
    (package / "data/terrain").mkdir()
    (package / "data/terrain/bog.yaml").write_text(BOG, encoding="utf-8")
    (tmp_path / "mymap.yaml").write_text(MAP, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    sys.path.insert(0, str(tmp_path))
    yield "tanktable_hexrecon:RULESET"
    registry.get_ruleset.cache_clear()
    _forget_the_example()


def _forget_the_example() -> None:
    """The example's modules out of this process, so the next import reads the copy meant."""
    for name in [m for m in sys.modules if m.split(".")[0] == "tanktable_hexrecon"]:
        del sys.modules[name]


def test_issue_60_3_hex_draw_and_reach_take_ruleset_for_a_plugin_s_terrain(plugin: str) -> None:
    without = runner.invoke(app, ["hex", "draw", "mymap.yaml"])
    assert without.exit_code == 1 and "--ruleset" in without.output  # says how
    drawn = runner.invoke(app, ["hex", "draw", "mymap.yaml", "--ruleset", plugin])
    assert drawn.exit_code == 0, drawn.output
    assert "b  Bog" in drawn.output
    reach = runner.invoke(app, ["hex", "reach", "mymap.yaml", "A1", "--mp", "1", "--ruleset", plugin])
    assert reach.exit_code == 0, reach.output


def test_issue_60_3_print_map_prints_a_plugin_s_hex_map_with_the_core_printer(plugin: str) -> None:
    scenario = Path("tanktable_hexrecon/data/scenarios/skirmish.yaml").read_text(encoding="utf-8")
    assert "map: ridge" in scenario
    Path("myscen.yaml").write_text(scenario.replace("map: ridge", "map: mymap.yaml"), encoding="utf-8")
    by_plugin = runner.invoke(app, ["print", "map", plugin, "myscen.yaml", "-o", "s.html"])
    assert by_plugin.exit_code == 0, by_plugin.output
    assert "Bog lane" in by_plugin.output and Path("s.html").is_file()
    by_hex = runner.invoke(app, ["print", "map", "hex", "mymap.yaml", "--ruleset", plugin, "-o", "m.html"])
    assert by_hex.exit_code == 0, by_hex.output
