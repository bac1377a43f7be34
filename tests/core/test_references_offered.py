"""``offered_only``: the reference rule of a game asked for by a request (issue 26.5).

A name given without a referencing file resolves to shipped data or one of the
offered files only; any other is refused before the disk is looked at, and the
offered files' own references resolve as on the command line."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.references import ANYWHERE, BadReference, confined_to, current_rule, offered_only, resolve

TABLES = ("battle_of_tanks", "tables")
WHY = "given when the server is started"


def test_a_shipped_name_and_an_offered_file_resolve(tmp_path: Path) -> None:
    mine = tmp_path / "mine.yaml"
    mine.write_text("x: 1\n", encoding="utf-8")
    with offered_only([mine], WHY):
        assert resolve("village", "table", shipped_folder=TABLES).is_shipped
        assert resolve(str(mine), "scenario").path == mine


def test_a_shipped_name_is_not_shadowed_by_a_file_of_the_working_folder(tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "village").write_text("not a table\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    with offered_only([], WHY):
        assert resolve("village", "table", shipped_folder=TABLES).is_shipped


@pytest.mark.parametrize("name", ["/etc/passwd", "/etc/no-such-file", "../../etc/passwd", "passwd", "/etc"])
def test_any_other_name_is_refused_alike_whether_or_not_it_exists(name: str) -> None:
    with offered_only([], WHY), pytest.raises(BadReference) as refused:
        resolve(name, "table", shipped_folder=TABLES)
    assert str(refused.value) == f"table {name!r}: {WHY} (shipped: village, wooded-ridge)"


def test_the_offered_files_own_references_resolve_beside_them(tmp_path: Path) -> None:
    (tmp_path / "my-table.yaml").write_text("x: 1\n", encoding="utf-8")
    with offered_only([tmp_path / "scenario.yaml"], WHY):
        assert resolve("my-table.yaml", "table", beside=tmp_path, shipped_folder=TABLES).path == tmp_path / "my-table.yaml"


def test_which_rule_lists_folders(tmp_path: Path) -> None:
    assert ANYWHERE.lists_folders(None) and not ANYWHERE.confined
    with offered_only([], WHY):
        assert current_rule().confined
        assert not current_rule().lists_folders(None) and current_rule().lists_folders(tmp_path)
    with confined_to(tmp_path):
        assert not current_rule().lists_folders(tmp_path)
    assert current_rule() is ANYWHERE
