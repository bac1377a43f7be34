"""The imports point down only: cli -> rulesets -> core, and no ruleset imports another.

Read from the source (every ``import`` and ``from ... import``, local imports
inside functions included), so a lazy import cannot hide an upward arrow.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def sources(package: str) -> list[Path]:
    return sorted((ROOT / package).rglob("*.py"))


@pytest.mark.parametrize("path", sources("core"), ids=lambda p: str(p.relative_to(ROOT)))
def test_core_imports_nothing_above_it(path: Path) -> None:
    upward = {m for m in imported_modules(path) if m.split(".")[0] in ("rulesets", "cli")}
    assert not upward, f"{path.relative_to(ROOT)} imports {sorted(upward)}"


@pytest.mark.parametrize("path", sources("rulesets"), ids=lambda p: str(p.relative_to(ROOT)))
def test_a_ruleset_imports_only_core_and_itself(path: Path) -> None:
    own = path.relative_to(ROOT / "rulesets").parts[0]
    wrong = set()
    for module in imported_modules(path):
        parts = module.split(".")
        if parts[0] == "cli" or (parts[0] == "rulesets" and len(parts) > 1 and parts[1] != own):
            wrong.add(module)
    assert not wrong, f"{path.relative_to(ROOT)} imports {sorted(wrong)}"


def test_the_packages_ship_their_type_information() -> None:
    """PEP 561: a user's mypy reads our annotations."""
    for package in ("core", "rulesets", "cli"):
        assert (ROOT / package / "py.typed").is_file()
