"""A plugin's own data through core.package_data (issue 25.1).

A throw-away package with shipped YAML is put on the path; its kinds are read
by shipped name and by path, references are followed beside the file and in
the package, and every problem of every file comes back at file:line:col.
"""

from __future__ import annotations

import itertools
import sys
import textwrap
from pathlib import Path
from typing import Annotated, Any, Literal

import pytest
from pydantic import Field

from core.data import DataModel, Problem, load_document
from core.errors import DataError, TanktableError
from core.game import Ruleset
from core.package_data import Kind, Loaded, PackageData, Reference, hex_board, hex_map_kind
from core.references import confined_to


class Card(DataModel):
    ruleset: Literal["toy"] = "toy"
    kind: Literal["card"] = "card"
    name: str
    speed: int = Field(ge=1)


class Mission(DataModel):
    ruleset: Literal["toy"] = "toy"
    kind: Literal["mission"] = "mission"
    name: str
    cards: Annotated[list[str], Reference("card")]
    map: Annotated[str | None, Reference("map")] = None
    next: Annotated[str | None, Reference("mission")] = None


def _no_slow_cards(loaded: Loaded[Any]) -> list[Problem]:
    """A check that sees the files a mission names (cross-file rule)."""
    return [loaded.doc.problem(("cards", i), f"{ref.model.name} is too slow for a mission")
            for (_, i), ref in ((loc, r) for loc, r in loaded.refs.items() if loc[0] == "cards")
            if ref.model.speed < 2]


_names = itertools.count()


@pytest.fixture()
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> PackageData:
    """A package ``toydata_N`` with shipped cards, a map and a mission."""
    name = f"toydata_{next(_names)}"
    root = tmp_path / "site" / name
    (root / "cards").mkdir(parents=True)
    (root / "missions").mkdir()
    (root / "maps").mkdir()
    (root / "__init__.py").write_text("")
    (root / "cards" / "scout.yaml").write_text("ruleset: toy\nkind: card\nname: Scout\nspeed: 3\n")
    (root / "cards" / "tank.yaml").write_text("ruleset: toy\nkind: card\nname: Tank\nspeed: 2\n")
    (root / "maps" / "field.yaml").write_text(textwrap.dedent("""\
        ruleset: hex
        kind: map
        name: Field
        size: {columns: 3, rows: 2}
        terrain: |
          . . W
           . . .
        """))
    (root / "missions" / "patrol.yaml").write_text(
        "ruleset: toy\nkind: mission\nname: Patrol\ncards: [scout, tank]\nmap: field\n")
    monkeypatch.syspath_prepend(str(tmp_path / "site"))
    return PackageData("toy", name, {
        "card": Kind(Card, folder="cards"),
        "mission": Kind(Mission, folder="missions", check=_no_slow_cards),
        "map": hex_map_kind("maps"),
    })


def test_shipped_files_load_by_name_with_their_references(data: PackageData) -> None:
    patrol = data.load("mission", "patrol")
    assert patrol.source.is_shipped and patrol.model.name == "Patrol"
    assert [patrol.ref("cards", i).model.name for i in (0, 1)] == ["Scout", "Tank"]
    board = hex_board(patrol.ref("map"))
    assert (board.columns, board.rows, board.terrain_at(board.parse("C1"))) == (3, 2, "woods")
    assert data.names("card") == ["scout", "tank"] and data.names("mission") == ["patrol"]
    assert set(data.models()) == {"card", "mission"}  # the map's header is the core's
    assert data.load("mission", "patrol") is patrol  # shipped files are read once


def test_a_reference_beside_the_file_wins_over_shipped_data_and_a_shipped_name_is_found_too(
        data: PackageData, tmp_path: Path) -> None:
    """Issue 25.1: a user's mission names its own card file beside it, and a shipped card by name."""
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "scout").write_text("ruleset: toy\nkind: card\nname: My scout\nspeed: 4\n")
    (folder / "heavy.yaml").write_text("ruleset: toy\nkind: card\nname: Heavy\nspeed: 2\n")
    (folder / "m.yaml").write_text("ruleset: toy\nkind: mission\nname: Mine\ncards: [heavy.yaml, tank, scout]\n")
    mine = data.load("mission", str(folder / "m.yaml"))
    assert [mine.ref("cards", i).model.name for i in range(3)] == ["Heavy", "Tank", "My scout"]
    assert mine.ref("cards", 1).source.is_shipped and not mine.ref("cards", 0).source.is_shipped


def test_every_problem_of_a_broken_file_and_of_the_files_it_names_at_file_line_col(
        data: PackageData, tmp_path: Path) -> None:
    """Issue 25.1: all problems at once, each at its own file's line and column, once each,
    with the YAML-trap hint where YAML read a word as something else."""
    (tmp_path / "slow.yaml").write_text("ruleset: toy\nkind: card\nname: Slow\nspeed: 0\ncolour: red\n")
    mission = tmp_path / "m.yaml"
    mission.write_text(textwrap.dedent("""\
        ruleset: toy
        kind: mission
        name: NO
        cards: [slow.yaml, scuot, tank]
        map: nowhere.yaml
        """))
    with pytest.raises(DataError) as caught:
        data.load("mission", str(mission))
    shown = [str(p) for p in caught.value.problems]
    slow = tmp_path / "slow.yaml"
    expected = [
        f"{mission}:3:7: name: Input should be a valid string -- YAML read NO as the boolean false; "
        'quote it ("NO") if you mean text',
        f"{mission}:4:9: cards: {slow.name!r} has problems (at their lines in {slow})",
        f"{mission}:4:20: no card 'scuot': not a shipped card nor a file; did you mean 'scout'? "
        "(shipped: scout, tank)",
        f"{mission}:5:6: map: no map 'nowhere.yaml': not a shipped map nor a file (shipped: field)",
        f"{slow}:4:8: speed: Input should be greater than or equal to 1",
        f"{slow}:5:1: unknown field 'colour'; known fields: kind, name, ruleset, speed",
    ]
    assert shown == expected  # by file, line and column; each once


def test_a_file_of_another_kind_or_ruleset_is_refused_at_its_header(data: PackageData, tmp_path: Path) -> None:
    path = tmp_path / "x.yaml"
    path.write_text("ruleset: tank-chess\nkind: mission\nname: x\ncards: []\n")
    with pytest.raises(DataError, match=r"x.yaml:1:10: ruleset: expected 'toy', found 'tank-chess'"):
        data.load("card", str(path))


def test_a_cycle_of_references_is_refused_at_the_reference(data: PackageData, tmp_path: Path) -> None:
    (tmp_path / "a.yaml").write_text("ruleset: toy\nkind: mission\nname: A\ncards: []\nnext: b.yaml\n")
    (tmp_path / "b.yaml").write_text("ruleset: toy\nkind: mission\nname: B\ncards: []\nnext: a.yaml\n")
    with pytest.raises(DataError, match=r"b.yaml:5:7: next: 'a.yaml' refers back to this file"):
        data.load("mission", str(tmp_path / "a.yaml"))


def test_a_cross_file_check_sees_the_files_named(data: PackageData, tmp_path: Path) -> None:
    (tmp_path / "snail.yaml").write_text("ruleset: toy\nkind: card\nname: Snail\nspeed: 1\n")
    (tmp_path / "m.yaml").write_text("ruleset: toy\nkind: mission\nname: M\ncards: [tank, snail.yaml]\n")
    with pytest.raises(DataError, match=r"m.yaml:4:15: Snail is too slow for a mission"):
        data.load("mission", str(tmp_path / "m.yaml"))


def test_a_confined_rule_holds_for_plugin_data(data: PackageData, tmp_path: Path) -> None:
    """A server's rule (core.references.confined_to) applies to a plugin's references too."""
    (tmp_path / "m.yaml").write_text("ruleset: toy\nkind: mission\nname: M\ncards: [/etc/hostname, tank]\n")
    with confined_to(tmp_path), pytest.raises(DataError, match="an absolute path is not allowed here"):
        data.load("mission", "m.yaml")


def test_a_ruleset_with_package_data_gets_data_kinds_and_validate_document(
        data: PackageData, tmp_path: Path) -> None:
    class Toy(Ruleset):
        id = "toy"
        title = "Toy"
        players = ("a", "b")
        default_scenario = "patrol"
        package_data = data

        def scenarios(self) -> list[str]:
            return data.names("mission")

        def new_game(self, scenario: Any = None, options: Any = None, seed: Any = 0) -> Any:
            raise TanktableError("no games")

    path = tmp_path / "m.yaml"
    path.write_text("ruleset: toy\nkind: mission\nname: M\ncards: [scout, missing.yaml]\n")
    toy = Toy()
    assert set(toy.data_kinds()) == {"card", "mission"}
    problems = toy.validate_document("mission", load_document(path))
    assert [str(p) for p in problems] == [f"{path}:4:16: no card 'missing.yaml': not a shipped card "
                                          "nor a file (shipped: scout, tank)"]
    assert sorted(label for label, _ in data.shipped_files()) == [
        f"{data.package}/cards/scout.yaml", f"{data.package}/cards/tank.yaml",
        f"{data.package}/maps/field.yaml", f"{data.package}/missions/patrol.yaml"]


def test_the_package_must_exist(monkeypatch: pytest.MonkeyPatch) -> None:
    assert "no_such_toy_package" not in sys.modules
    with pytest.raises(ModuleNotFoundError):
        PackageData("x", "no_such_toy_package", {"card": Kind(Card, "cards")}).names("card")


def test_a_cycle_spelt_with_other_paths_is_still_a_cycle(data: PackageData, tmp_path: Path) -> None:
    """``../here/a.yaml`` from inside ``here`` is ``a.yaml``: refused, not followed for ever."""
    here = tmp_path / "here"
    here.mkdir()
    (here / "a.yaml").write_text("ruleset: toy\nkind: mission\nname: A\ncards: []\nnext: ../here/a.yaml\n")
    with pytest.raises(DataError, match=r"a.yaml:5:7: next: '../here/a.yaml' refers back to this file"):
        data.load("mission", str(here / "a.yaml"))


def test_a_chain_of_references_deeper_than_the_limit_is_refused(data: PackageData, tmp_path: Path) -> None:
    from core.package_data import MAX_DEPTH

    for i in range(MAX_DEPTH + 2):
        (tmp_path / f"m{i}.yaml").write_text(
            f"ruleset: toy\nkind: mission\nname: M{i}\ncards: []\nnext: m{i + 1}.yaml\n")
    (tmp_path / f"m{MAX_DEPTH + 2}.yaml").write_text("ruleset: toy\nkind: mission\nname: end\ncards: []\n")
    with pytest.raises(DataError, match=f"more than {MAX_DEPTH} files deep"):
        data.load("mission", str(tmp_path / "m0.yaml"))


class OldCard(DataModel):
    ruleset: Literal["toy"] = "toy"
    kind: Literal["card", "unit"] = "card"
    name: str
    speed: int = Field(ge=1)


def test_a_renamed_kind_still_reads_files_with_its_former_name(data: PackageData, tmp_path: Path) -> None:
    """A kind's ``aliases``: the header may carry the old name, and a ruleset maps it."""
    renamed = PackageData("toy", data.package, {"card": Kind(OldCard, "cards", aliases=("unit",))})
    path = tmp_path / "old.yaml"
    path.write_text("ruleset: toy\nkind: unit\nname: Old\nspeed: 2\n")
    assert renamed.load("card", str(path)).model.name == "Old"
    assert renamed.aliases() == {"unit": "card"}
    with pytest.raises(DataError, match="kind: expected 'card', found 'unit'"):
        data.load("card", str(path))


BOG = textwrap.dedent("""\
    ruleset: hex
    kind: terrain
    name: Bog
    terrain:
      bog:
        name: Bog
        symbol: B
        cost: 3
        cover: 1
    """)


def _marsh(data: PackageData, tmp_path: Path, terrain_files: str) -> None:
    """A shipped map ``marsh`` in the toy package that names ``terrain_files``, and a bog chart."""
    root = tmp_path / "site" / data.package
    (root / "terrain").mkdir(exist_ok=True)
    (root / "terrain" / "bog.yaml").write_text(BOG)
    (root / "maps" / "marsh.yaml").write_text(textwrap.dedent(f"""\
        ruleset: hex
        kind: map
        name: Marsh
        size: {{columns: 2, rows: 1}}
        terrain_files: {terrain_files}
        terrain: |
          . B
        """))


def test_issue_60_6_a_shipped_map_finds_its_terrain_in_its_package_from_any_folder(
        data: PackageData, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _marsh(data, tmp_path, "[../terrain/bog.yaml]")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    board = hex_board(data.load("map", "marsh"))
    assert [board.terrain_at(c) for c in range(2)] == ["open", "bog"]


def test_issue_60_6_a_shipped_map_may_name_a_rulesets_shipped_chart(
        data: PackageData, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``RULESET:NAME`` reaches a chart tanktable ships, from a plugin's package too."""
    _marsh(data, tmp_path, '["duel-of-the-giants:hex_terrain", ../terrain/bog.yaml]')
    monkeypatch.chdir(tmp_path)
    board = hex_board(data.load("map", "marsh"))
    assert board.terrain_at(1) == "bog"
    assert "forest" in board.catalogue.terrain  # from the Duel of the Giants chart


def test_issue_60_6_a_shipped_map_may_not_name_terrain_outside_its_package(
        data: PackageData, tmp_path: Path) -> None:
    _marsh(data, tmp_path, "[../../outside.yaml]")
    (tmp_path / "outside.yaml").write_text(BOG)
    with pytest.raises(DataError, match="no terrain file '../../outside.yaml' beside this map in its package"):
        data.load("map", "marsh")


def test_issue_60_6_hex_board_takes_the_plugins_own_terrain_chart(data: PackageData) -> None:
    from core.grid.hexboard import Catalogue, catalogue_from_text

    chart = BOG.replace("bog:", "field:").replace("name: Bog\n    symbol: B", "name: Field\n    symbol: .")
    own = Catalogue.from_models([catalogue_from_text(chart, "toy/terrain.yaml")])
    field = data.load("map", "field")
    with pytest.raises(DataError, match="unknown terrain letter 'W'"):
        hex_board(field, catalogue=own)  # the toy chart has no water
    assert hex_board(field).terrain_at(0) == "open"  # the shipped chart, built apart
