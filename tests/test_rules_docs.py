"""The rules reference in docs/rules/ covers what the project cites and sets.

Every rule ID cited anywhere in the code, the shipped data or the tests must be
a heading or a bold ID in the matching ``docs/rules/<ruleset>.md``, so that a
user who reads an error message can look the rule up. Every setting of a
shipped rules-settings file (each **Decision** of the rules) must be named in
that reference in backticks.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from core.registry import get_ruleset

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "docs" / "rules"

RULE_ID = re.compile(
    r"(?<![\w-])("
    r"TC-\d+M?(?:\.\d+)*"
    r"|BT-\d+(?:\.\d+)*"
    r"|DG-AMB-\d+|DG-\d+(?:\.\d+)*"
    r"|HTC-[TF]\d+(?:\.\d+)*"
    r")(?![\w-])"
)
"""A rule ID as the project writes it; a trailing full stop is not part of it."""

DOC_OF_PREFIX = {
    "TC": "tank-chess.md",
    "BT": "battle-of-tanks.md",
    "DG": "duel-of-the-giants.md",
    "HTC": "hex-terrain-chart.md",
}

CITING_DIRS = ("core", "rulesets", "cli", "data", "tests")
CITING_SUFFIXES = {".py", ".yaml", ".yml", ".txt", ".json", ".md"}


def cited_ids() -> dict[str, set[str]]:
    """Rule IDs cited in the code, data and tests, by reference file."""
    found: dict[str, set[str]] = {name: set() for name in DOC_OF_PREFIX.values()}
    for folder in CITING_DIRS:
        for path in (ROOT / folder).rglob("*"):
            if path.suffix not in CITING_SUFFIXES or not path.is_file():
                continue
            for match in RULE_ID.finditer(path.read_text(encoding="utf-8", errors="replace")):
                rule = match.group(1)
                found[DOC_OF_PREFIX[rule.split("-", 1)[0]]].add(rule)
    return found


def defined_ids(text: str) -> set[str]:
    """IDs a reference defines: at the start of a heading, or in bold (``**TC-4.5**``)."""
    headings = re.findall(r"^#+\s+(\S+)", text, flags=re.MULTILINE)
    bold = re.findall(r"\*\*([A-Z]+-[\w.-]+)\*\*", text)
    return {h for h in headings if RULE_ID.fullmatch(h)} | set(bold)


CITED = cited_ids()


@pytest.mark.parametrize("doc", sorted(DOC_OF_PREFIX.values()))
def test_every_cited_rule_id_is_defined_in_the_rules_reference(doc: str) -> None:
    assert CITED[doc], f"no rule ID of {doc} found in the code: the pattern is wrong"
    missing = CITED[doc] - defined_ids((RULES / doc).read_text(encoding="utf-8"))
    assert not missing, f"docs/rules/{doc} does not define {sorted(missing)}"


def _top_level_keys(path: Path) -> set[str]:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    return set(data) - {"ruleset", "kind"}


SETTINGS_FILES = {
    "tank-chess": ("data/tank_chess/settings.yaml", "tank-chess.md"),
    "battle-of-tanks": ("data/battle_of_tanks/rules.yaml", "battle-of-tanks.md"),
    "duel-of-the-giants": ("data/duel_of_the_giants/rules.yaml", "duel-of-the-giants.md"),
}


@pytest.mark.parametrize("ruleset", sorted(SETTINGS_FILES))
def test_every_shipped_setting_is_named_in_the_rules_reference(ruleset: str) -> None:
    settings_file, doc = SETTINGS_FILES[ruleset]
    sections = _top_level_keys(ROOT / settings_file)
    names = [n for n in get_ruleset(ruleset).setting_names() if n.split(".")[0] in sections]
    assert names, f"{ruleset} declares no settings from {settings_file}"
    text = (RULES / doc).read_text(encoding="utf-8")
    missing = [n for n in names if f"`{n}`" not in text]
    assert not missing, f"docs/rules/{doc} does not name the settings {missing}"


def test_every_hex_chart_setting_is_named_in_the_rules_reference() -> None:
    chart = yaml.safe_load((ROOT / "data" / "hex_terrain.yaml").read_text(encoding="utf-8"))
    text = (RULES / "hex-terrain-chart.md").read_text(encoding="utf-8")
    missing = [key for key in chart["rules"] if f"`{key}`" not in text]
    assert not missing, f"docs/rules/hex-terrain-chart.md does not name {missing}"
