"""Golden playthrough: a recorded summer game replays to the same events and result."""

from __future__ import annotations

from pathlib import Path

import yaml

from rulesets.duel_of_the_giants import RULESET
from rulesets.duel_of_the_giants.vp import totals


def test_golden_summer_playthrough() -> None:
    doc = yaml.safe_load((Path(__file__).parent / "golden_summer.yaml").read_text())
    g = RULESET.new_game(doc["scenario"], doc["options"], doc["seed"])
    texts = []
    for move in doc["moves"]:
        texts += [e.text for e in g.apply(g.parse_action(move))]
    expect = doc["expect"]
    assert g.outcome() is not None and g.outcome().reason == expect["reason"]
    assert g.net_vp == expect["net_vp"] and totals(g) == expect["totals"] and g.round == expect["round"]
    assert len(texts) == expect["events"]
    assert [t for t in texts if " fires at " in t][:8] == expect["shots"]
