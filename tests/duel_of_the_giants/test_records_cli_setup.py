"""Records, the CLI, notation round trips and the manual set-up (DG-7)."""

from __future__ import annotations

import json
import random
from pathlib import Path

from typer.testing import CliRunner

from cli.app import app
from core.record import load_record, make_record, replay, save_record
from rulesets.duel_of_the_giants import RULESET
from rulesets.duel_of_the_giants.game import DuelGame
from rulesets.duel_of_the_giants.vp import totals


def random_game(seed: int, options: dict) -> DuelGame:
    g = RULESET.new_game("summer", options, seed)
    assert isinstance(g, DuelGame)
    rng = random.Random(seed)
    while g.outcome() is None:
        acts = g.legal_actions()
        g.apply(acts[rng.randrange(len(acts))])
    return g


def test_record_save_load_replay_identity(tmp_path: Path) -> None:
    g = random_game(5, {"end.max_rounds": 3, "players": 3})
    record = make_record(g, RULESET, "summer", 5, {"german1": "random"})
    path = tmp_path / "game.yaml"
    save_record(record, path)
    loaded, doc = load_record(path)
    again = replay(loaded, RULESET, doc, verify=True)
    assert again.view(None) == g.view(None)
    assert [s.action for s in again.history] == [s.action for s in g.history]
    assert totals(again) == totals(g)


def test_undo_restores_the_previous_state() -> None:
    g = RULESET.new_game("summer", {}, 0)
    before = g.view(None)
    g.apply(g.legal_actions()[0])
    g.undo()
    assert g.view(None) == before


def test_cli_play_two_computer_seats_json() -> None:
    result = CliRunner().invoke(app, [
        "play", "duel-of-the-giants", "--seat", "german=random", "--seat", "soviet=random",
        "--seed", "2", "--json", "--option", "end.max_rounds=3",
    ])
    assert result.exit_code == 0, result.output
    out = json.loads(result.output.strip().splitlines()[-1])
    assert out["ruleset"] == "duel-of-the-giants" and out["outcome"]["reason"]


def test_cli_play_winter_four_players_text_result() -> None:
    result = CliRunner().invoke(app, [
        "play", "duel-of-the-giants", "--scenario", "winter", "--players", "4",
        "--seat", "german1=random", "--seat", "german2=random", "--seat", "soviet1=random",
        "--seat", "soviet2=random", "--seed", "1", "--option", "end.max_rounds=2",
    ])
    assert result.exit_code == 0, result.output
    assert "Result:" in result.output


def test_cli_validate_shipped_data() -> None:
    root = Path(__file__).resolve().parents[2] / "data" / "duel_of_the_giants"
    result = CliRunner().invoke(app, ["validate", str(root)])
    assert result.exit_code == 0, result.output


def test_bad_scenario_file_is_reported_with_line(tmp_path: Path) -> None:
    from cli.commands import check_file

    src = (Path(__file__).resolve().parents[2] / "data/duel_of_the_giants/scenarios/summer.yaml").read_text()
    bad = tmp_path / "bad.yaml"
    bad.write_text(src.replace("front: [e1,", "front: [z1,"))
    problems = check_file(bad)
    assert problems and "z1" in str(problems[0]) and problems[0].line > 1


def test_notation_round_trips_every_kind() -> None:
    samples = [
        "end", "tiger1 F F R T2 S L L", "tiger2", "execute tiger1", "recon g4", "marker g3-g4-f4",
        "activate g3 W NW", "activate d4", "orient g3 W NW", "g4 F", "g4 L", "g4 T NW", "g4 dash 3",
        "g4 to d4", "g4 reveal d4", "haul d4 c4 NE", "tire d4", "face d4 NE", "fire c4 g4", "hold c4",
        "stuka launch", "stuka F", "stuka attack g4", "stuka land", "place tile forest e7", "place tile high ground e7",
        "place front e5", "place marker e7 wheel", "place tiger c4 E", "place airfield a6 E",
        "place atg pak88 d4 E", "place mine d5 bluff",
    ]
    g = RULESET.new_game("summer", {}, 0)
    for text in samples:
        assert g.format_action(g.parse_action(text)) == text


def test_dg_7_manual_setup_enforces_placement_rules_and_completes() -> None:
    g = RULESET.new_game("summer", {"setup": "manual"}, 0)
    assert g.step == "S1" and g.to_move() == g.players.index("soviet")  # DG-AMB-06: Soviet first
    bad = g.check(g.parse_action("place tile forest b3"))
    assert bad is not None and bad.rule == "DG-7.1"  # German half
    g.apply(g.parse_action("place tile forest g3"))
    assert g.to_move() == g.players.index("german")
    rng = random.Random(3)
    while g.step in ("S1",):
        acts = g.legal_actions()
        g.apply(acts[rng.randrange(len(acts))])
    assert g.step == "S2"
    bad = g.check(g.parse_action("place front b1"))
    assert bad is not None and bad.rule == "DG-7.2"
    g.apply(g.parse_action("place front e1"))
    bad = g.check(g.parse_action("place front e5"))
    assert bad is not None and bad.rule == "DG-5.2"  # not continuous
    while g.step == "S2":
        acts = g.legal_actions()
        g.apply(acts[rng.randrange(len(acts))])
    rows = {r for _, r in g.front}
    assert rows == set(range(1, 12)) and len(g.front) == 14
    bad = g.check(g.parse_action("place marker a1 wheel"))
    assert bad is not None and bad.rule == "DG-7.3"
    while g.step in ("S3", "S4"):
        acts = g.legal_actions()
        if g.step == "S4":
            swamp = [p for p, k in g.terrain.items() if k == "swamp" and p in g.german_side]
            for p in swamp:
                from rulesets.duel_of_the_giants.actions import PlaceMine

                bad = g.check(PlaceMine(p, True))
                if bad is not None and bad.rule == "DG-7.4.4":
                    assert "swamp" in bad.reason
        g.apply(acts[rng.randrange(len(acts))])
    assert g.step == "O1" and len(g.markers) == 16 and len(g.atgs) == 6 and len(g.mines) == 8
    # the German's own log names each gun as the game does, "PAK 8.8", not "pak88" (issue 59)
    guns = [e.text for step in g.history for e in step.events if "ATG marker face down" in e.text]
    assert len(guns) == 6 and {t.split(" ATG")[0] for t in guns} <= {"PAK 8.8", "PAK 36", "bluff"}
    assert g.stuka is not None and len(g.tigers()) == 2
    assert all(t.pos in g.german_side for t in g.tigers())
    while g.outcome() is None and g.round < 2:
        acts = g.legal_actions()
        g.apply(acts[rng.randrange(len(acts))])
    assert g.round >= 1


def test_shipped_scenarios_start_at_the_opening_phase() -> None:
    for name in ("summer", "winter"):
        g = RULESET.new_game(name, {}, 0)
        assert g.step == "O1" and g.decision().startswith("opening")
        assert len(g.markers) == 16 and len(g.front) == 14
        assert all(p in g.soviet_side for p in (m.pos for m in g.markers.values()))
        assert all(g.tt(m.pos).mines for m in g.mines.values())


def test_dg_18_2_provisional_card_values_are_settings() -> None:
    g = RULESET.new_game("summer", {"weapons.t34.armour.front": 2, "combat.range_model": "minus_distance"}, 0)
    assert g.cfg.weapons.t34.armour.front == 2 and g.cfg.rules.combat.range_model == "minus_distance"
    import pytest

    from core.errors import TanktableError

    with pytest.raises(TanktableError):
        RULESET.new_game("summer", {"combat.range_model": "sometimes"}, 0)
    with pytest.raises(TanktableError):
        RULESET.new_game("summer", {"nonsense.key": 1}, 0)


def test_weapon_cards_are_listed_and_the_template_validates(tmp_path: Path) -> None:
    from cli.commands import check_file

    assert set(RULESET.cards()) == {"tiger", "t34", "pak88", "pak36", "stuka"}
    path = tmp_path / "cards.yaml"
    path.write_text(RULESET.card_template())
    assert check_file(path) == []
    assert RULESET.cards([path])["tiger"].firepower.summer == 5


def test_every_setting_named_by_the_spec_exists_with_its_default() -> None:
    """Each `section.key` the rules reference names is a setting (rules.yaml, boards.yaml
    or, for `weapons.*`, a weapon card of weapons.yaml)."""
    import re

    from rulesets.duel_of_the_giants import settings

    spec = Path(__file__).resolve().parents[2] / "docs/rules/duel-of-the-giants.md"
    names = {n for n in re.findall(r"`([a-z0-9_]+\.[a-z0-9_.]+)`", spec.read_text()) if not n.endswith(".yaml")}
    names |= {"combat.range_model", "tiger.stop_semantics", "markers.move_blockers", "t34.exit"}
    rules = settings.rules_with({}).model_dump()
    board = settings.boards()["standard"].model_dump()
    for name in sorted(names):
        section, _, key = name.partition(".")
        if section == "board":
            assert key in board, name
        elif section == "weapons":
            weapon, _, field = key.partition(".")
            assert field.split(".")[0] in RULESET.cards()[weapon].model_dump(), name
        elif section == "setup" and key == "front_band":
            assert board["front_band"] == (4, 6)
        else:
            assert section in rules and key.split(".")[0] in rules[section], name
    assert rules["combat"]["range_model"] == "full_at_adjacent"
    assert rules["tiger"]["blockers"] == ["t34", "swamp", "edge", "tiger", "grounded_stuka", "tank_marker"]


def test_any_typed_line_is_read_or_refused_cleanly() -> None:
    """Whatever a player types gives an action, a NotationError or an Illegal, never a crash."""
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from core.errors import NotationError

    words = st.sampled_from(["tiger1", "F", "T2", "S", "recon", "marker", "a0", "z9", "g4", "e5-e6", "g3-f3-f4-f5",
                             "activate", "W", "NW", "QQ", "fire", "hold", "stuka", "attack", "to", "dash", "9",
                             "place", "tile", "forest", "atg", "pak88", "mine", "real", "end", "reveal", "T", "99"])
    g = RULESET.new_game("summer", {}, 0)
    snapshots: dict[str, DuelGame] = {}
    rng = random.Random(0)
    while g.outcome() is None and len(snapshots) < 14:
        snapshots.setdefault(g.step, g.clone())  # type: ignore[arg-type]
        acts = g.legal_actions()
        g.apply(acts[rng.randrange(len(acts))])

    @settings(max_examples=300, deadline=None)
    @given(st.lists(words, min_size=1, max_size=6), st.sampled_from(sorted(snapshots)))
    def check(tokens: list[str], step: str) -> None:
        game = snapshots[step]
        try:
            action = game.parse_action(" ".join(tokens))
        except NotationError:
            return
        game.check(action)

    check()


def test_clone_is_independent_of_the_original() -> None:
    g = random_game(2, {"end.max_rounds": 1})
    g2 = RULESET.new_game("summer", {}, 3)
    rng = random.Random(3)
    for _ in range(60):
        acts = g2.legal_actions()
        g2.apply(acts[rng.randrange(len(acts))])
    before = g2.view(None)
    c = g2.clone()
    while c.outcome() is None and len(c.history) < len(g2.history) + 80:
        acts = c.legal_actions()
        c.apply(acts[rng.randrange(len(acts))])
    assert g2.view(None) == before and len(g.history) > 0


def test_dg_7_scenario_validator_checks_placement_rules(tmp_path: Path) -> None:
    from cli.commands import check_file

    src = (Path(__file__).resolve().parents[2] / "data/duel_of_the_giants/scenarios/summer.yaml").read_text()
    bad = tmp_path / "bad.yaml"
    bad.write_text(src.replace("- {at: c4, hull: E}", "- {at: a4, hull: E}").replace("mine: [d5,", "mine: [b7,"))
    problems = [str(p) for p in check_file(bad)]
    assert any("a4" in p and "DG-7.4.1" in p for p in problems)  # a4 is swamp
    assert any("b7" in p and "DG-7.4.4" in p for p in problems)  # b7 is swamp
    bad.write_text(src.replace("wheel: [g3,", "wheel: [c3,"))
    assert any("DG-7.3" in str(p) for p in check_file(bad))
