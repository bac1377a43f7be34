"""Issue 60.5 (authoring): the Python a plugin is told to call in docs/hex.md and
docs/writing-a-ruleset.md is there with the documented signatures, and the worked
example in docs/hex.md runs as written (on a shipped map)."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_issue_60_5_documented_signatures_exist() -> None:
    from core.game import Ruleset
    from core.grid import cover, hex, hexboard, los, movement

    assert list(inspect.signature(movement.reachable).parameters) == ["board", "start", "mp"]
    assert inspect.signature(movement.reachable).return_annotation in ("dict[int, int]", dict[int, int])
    assert list(inspect.signature(movement.find_path).parameters) == ["board", "start", "goal", "mp"]
    assert list(inspect.signature(movement.enter_cost).parameters) == ["board", "frm", "to"]
    assert list(inspect.signature(los.line_of_sight).parameters) == ["board", "a", "b", "policy", "edge_rule"]
    assert isinstance(los.LosResult.blocked, property) and isinstance(los.LosResult.status, property)
    assert {"blocked_by", "hindrance", "line"} <= set(los.LosResult.__dataclass_fields__)
    assert list(inspect.signature(hex.distance).parameters) == ["a", "b"]
    assert list(inspect.signature(cover.cover).parameters) == ["board", "target", "attack", "attacker"]
    assert list(inspect.signature(hexboard.load_board).parameters) == ["path", "extra_terrain", "catalogue"]
    assert list(inspect.signature(Ruleset.cards).parameters) == ["self", "extra"]
    guide = (ROOT / "docs/writing-a-ruleset.md").read_text(encoding="utf-8")
    assert "| `core.grid.cover` |" in guide  # docs/hex.md imports it: the import table lists it


def test_issue_60_5_the_hex_doc_example_runs(capsys: pytest.CaptureFixture[str]) -> None:
    text = (ROOT / "docs/hex.md").read_text(encoding="utf-8")
    block = next(b for b in re.findall(r"```python\n(.*?)```", text, re.S) if "reachable(board" in b)
    exec(block.replace('"my/mymap.yaml"', repr(str(ROOT / "data/hex_maps/village.yaml"))), {})  # noqa: S102
    assert "D3: " in capsys.readouterr().out
