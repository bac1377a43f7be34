"""Issue 60 (hidden authoring journey, point 2): a plugin plays without ``pip install``.

Every command that takes a ruleset reads it through one resolver
(:func:`core.registry.get_ruleset` via ``cli.ruleset_arg``): an installed id, or a
ruleset not installed named as ``module:object`` (from the current folder too) or by
its path (``path/to/package``, ``path/to/my_game.py``, ``:object`` optional). The
ruleset is then registered under its own id for the process and its workers, so the
rest of the command reads the id, never the reference."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cli.app import app
from core import registry
from core.errors import TanktableError

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "hex-recon"
runner = CliRunner()


@pytest.fixture
def isolated(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """References registered by a test go with it (environment, path, cache)."""
    monkeypatch.setenv(registry.REFERENCES_ENV, "{}")
    monkeypatch.setattr(sys, "path", list(sys.path))
    registry.get_ruleset.cache_clear()
    yield
    registry.get_ruleset.cache_clear()


def test_issue_60_play_takes_a_plugin_by_its_path_as_check_does(isolated: None) -> None:
    done = runner.invoke(app, ["play", str(EXAMPLE / "tanktable_hexrecon"), "--seat", "blue=random",
                               "--seat", "red=random", "--seed", "1"])
    assert done.exit_code == 0, done.output
    assert done.stdout.startswith("Hex Recon (example plugin): skirmish") and "Result:" in done.stdout
    # registered under its id, for this process and (through the environment) its workers
    assert registry.get_ruleset("hex-recon").id == "hex-recon"
    assert "hex-recon" in json.loads(os.environ[registry.REFERENCES_ENV])
    assert "hex-recon" in registry.ruleset_ids()
    # a stopped game's "to play on" names the plugin as it was given: without it the
    # command could not find the game's ruleset
    from cli.play import saved_line

    assert saved_line(Path("g.yaml"), False).endswith(
        f"to play on: tanktable play {EXAMPLE / 'tanktable_hexrecon'} --resume g.yaml")


def test_issue_60_simulate_and_cards_take_module_object_from_the_current_folder(
        isolated: None, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(EXAMPLE)
    done = runner.invoke(app, ["simulate", "tanktable_hexrecon:RULESET", "--seat", "blue=random",
                               "--seat", "red=random", "--games", "1"])
    assert done.exit_code == 0, done.output
    assert done.stdout.startswith("hex-recon: 1 games")  # the id, not the reference
    cards = runner.invoke(app, ["cards", "list", "tanktable_hexrecon:RULESET"])
    assert cards.exit_code == 0 and "Command tank" in cards.stdout
    # a template's hints name the plugin as it was given: its id alone would not be found
    template = runner.invoke(app, ["cards", "new", "tanktable_hexrecon:RULESET"]).stdout
    assert ("(tanktable show tanktable_hexrecon:RULESET card standard): change it, then check it "
            "with tanktable validate --ruleset tanktable_hexrecon:RULESET FILE") in template


def test_issue_60_a_reference_to_nothing_is_named(isolated: None, tmp_path: Path) -> None:
    done = runner.invoke(app, ["play", str(tmp_path / "my_game.py")])
    assert done.exit_code != 0
    assert f"cannot load {tmp_path / 'my_game.py'}: no such file or folder" in str(done.exception)


def test_issue_60_a_plugin_named_like_an_id_is_told_how_to_name_it(
        isolated: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``tanktable play my_game`` beside my_game.py: not an installed id, and the file is there."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "my_game.py").write_text("RULESET = None\n", encoding="utf-8")
    done = runner.invoke(app, ["play", "my_game"])
    assert "my_game.py is here: name it my_game:RULESET or my_game.py" in str(done.exception)


def test_issue_60_the_tic_tac_toe_example_rolls_no_dice(isolated: None) -> None:
    """Walk-through of the hidden journey: the example without dice opened with 'dice sealed
    by commitment'; it declares GameType(chance=False), so the seal is the computer's seed."""
    example = EXAMPLE.parent / "tic-tac-toe" / "tanktable_tictactoe"
    done = runner.invoke(app, ["play", str(example)], input="quit\n")
    assert done.stdout.startswith("Tic-tac-toe (example plugin): empty, the computer players' seed sealed")


def test_issue_60_a_plugin_file_named_like_another_module_is_refused_by_name(
        isolated: None, tmp_path: Path) -> None:
    """Its folder goes last on the path, so ``json.py`` would load the standard library's
    json and fail on a missing RULESET; the error says which module was found instead."""
    (tmp_path / "json.py").write_text("RULESET = None\n", encoding="utf-8")
    with pytest.raises(TanktableError, match=r"Python finds another module named 'json' first"):
        registry.get_ruleset(str(tmp_path / "json.py"))


def test_issue_60_serve_offers_a_plugin_named_by_ruleset(
        isolated: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``serve --ruleset REF``: the start page's catalogue (available_rulesets) holds it."""
    import cli.serve.run

    offered: list[str] = []

    def fake_serve(*args: object, **kwargs: object) -> int:
        offered.extend(r.id for r in registry.available_rulesets())
        return 0

    monkeypatch.setattr(cli.serve.run, "serve", fake_serve)
    done = runner.invoke(app, ["serve", "--ruleset", str(EXAMPLE / "tanktable_hexrecon"),
                               "--games-dir", str(tmp_path)])
    assert done.exit_code == 0, done.output
    assert "hex-recon" in offered and "tank-chess" in offered


def test_issue_60_print_map_of_a_plugin_without_a_board_says_how_to_print_its_hex_map(isolated: None) -> None:
    """A plugin with neither a printer nor a scenario naming a core hex map (tic-tac-toe):
    ``print map`` says how to print a hex map file for it, and does not send a ruleset
    without unit cards to ``print cards`` (hidden authoring journey: it did)."""
    game = Path(__file__).resolve().parents[2] / "examples" / "tic-tac-toe" / "tanktable_tictactoe"
    done = runner.invoke(app, ["print", "map", str(game)])
    said = str(done.exception)  # the entry point prints a TanktableError as one line, exit 1
    assert isinstance(done.exception, TanktableError), done.output
    assert "print map hex MAP.yaml --ruleset" in said and "print cards" not in said, said
