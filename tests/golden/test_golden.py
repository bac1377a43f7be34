"""Golden playthroughs: seed + actions -> exactly these events, per ruleset.

Each ``<name>.yaml`` here is a game record and ``<name>.txt`` the events the
replay printed when the golden was made. Any change to the rules, the dice or
the notation that changes a game shows up as a diff. After an intended change,
regenerate with ``python -m tests.golden.regen`` and review the diff.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.golden.regen import GOLDEN_DIR, transcript

CASES = sorted(GOLDEN_DIR.glob("*.yaml"))


@pytest.mark.parametrize("record", CASES, ids=[p.stem for p in CASES])
def test_golden_playthrough(record: Path) -> None:
    expected = record.with_suffix(".txt").read_text(encoding="utf-8")
    assert transcript(record) == expected
