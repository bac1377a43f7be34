"""The rules of the Hex Recon example plugin (examples/hex-recon, issue 25.3), in-process.

The plugin is imported from its source folder (its installed form is driven
through the CLI in test_hex_recon_plugin.py). Each test sets up a position
and checks the exact outcome under the rule it names (HR-1 .. HR-6), and the
properties ``tanktable check`` will ask of it: the same seed gives the same
game, a clone is independent and shares the board, a seat's view, text board,
move list and notes hold nothing of the other side's secret deal, and games
between random, greedy and mcts seats end within ``max_decisions`` and replay.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "hex-recon"


@pytest.fixture(scope="module", autouse=True)
def _plugin_on_path() -> Iterator[None]:
    sys.path.insert(0, str(EXAMPLE))
    yield
    sys.path.remove(str(EXAMPLE))


def new_game(seed: Any = 1) -> Any:
    from tanktable_hexrecon import RULESET

    return RULESET.new_game(None, None, seed)


def unit(game: Any, label: str) -> Any:
    return next(u for u in game.units if u.label == label)


def place(game: Any, **where: str) -> None:
    """Put units on hexes (``b1="C3"``); nobody is spotted or revealed by it."""
    for label, at in where.items():
        unit(game, label).cell = game.board.parse(at)
    game._outcome_known = False


def secret_of(game: Any, side: int) -> list[str]:
    return [u.kind for u in game.units if u.side == side]


def test_hr1_the_deal_comes_from_the_seed_and_each_side_sees_only_its_own() -> None:
    assert secret_of(new_game(7), 1) == secret_of(new_game(7), 1)
    deals = {tuple(secret_of(new_game(seed), 1)) for seed in range(12)}
    assert len(deals) > 1  # the seed decides which marker is which
    view = new_game(7).view(0)
    shown = {u["label"]: u["unit"] for u in view["units"]}
    assert all(shown[f"b{i}"] for i in range(1, 5)) and not any(shown[f"r{i}"] for i in range(1, 5))


def _swap_red_deal(game: Any) -> Any:
    """The same game with red's two first unrevealed markers' identities swapped."""
    other = game.clone()
    hidden = [u for u in other.units if u.side == 1 and not u.seen and u.alive]
    a, b = hidden[0], hidden[1]
    if a.kind == b.kind:
        b = next(u for u in hidden if u.kind != a.kind)
    a.kind, b.kind = b.kind, a.kind
    return other


def _seen_by_blue(game: Any) -> dict[str, Any]:
    from tanktable_hexrecon import RULESET

    actions = game.legal_actions() if game.to_move() == 0 else []
    return {"view": json.dumps(game.view(0), sort_keys=True), "text": game.render(0),
            "svg": RULESET.render_svg(game, 0),
            "moves": [game.format_action(a) for a in actions],
            "notes": game.describe_actions(actions)}


def test_hr1_blues_view_text_moves_and_notes_are_the_same_whatever_reds_secret_deal() -> None:
    """The secrets differential ``tanktable check`` runs: two games that differ only in
    what blue may not see give blue identical bytes (view, text and SVG board, moves,
    notes, events), also after the same moves."""
    game = new_game(3)
    twin = _swap_red_deal(game)
    assert secret_of(game, 1) != secret_of(twin, 1)
    rng = random.Random(4)
    compared = 0
    for _ in range(8):
        if any(u.seen for u in game.units if u.side == 1):
            break  # a red marker was revealed: from here the games may differ for blue too
        assert _seen_by_blue(game) == _seen_by_blue(twin)
        compared += 1
        action = rng.choice(game.legal_actions())
        assert game.public_action_text(action) == twin.public_action_text(action)
        events = [e.text for e in game.events_for(0, game.apply(action))]
        assert events == [e.text for e in twin.events_for(0, twin.apply(action))]
    assert compared >= 4


def test_hr4_markers_within_one_hex_are_revealed_after_a_move() -> None:
    game = new_game(1)
    place(game, b1="D3", r4="F3")
    events = game.apply(game.parse_action("b1 E3"))
    assert "revealed" in [e.kind for e in events]
    assert unit(game, "r4").seen and unit(game, "b1").seen
    assert game.view(0)["units"][7]["unit"] == game.types[unit(game, "r4").kind].name


def test_hr4_a_move_beyond_the_movement_points_or_onto_a_taken_hex_is_refused() -> None:
    game = new_game(1)
    mover, other = [u for u in game.units if u.side == 0 and game.types[u.kind].move == 2][:2]
    place(game, **{mover.label: "C3", other.label: "D3"})
    assert str(game.check(game.parse_action(f"{mover.label} F3"))) == \
        f"{mover.label} cannot reach F3 with 2 movement points (HR-4)"
    assert str(game.check(game.parse_action(f"{mover.label} D3"))) == "D3 is taken (HR-4)"


def test_hr5_a_shot_needs_hit_on_plus_cover_plus_hindrance_and_reveals_the_shooter() -> None:
    game = new_game(1)
    shooter = next(u for u in game.units if u.side == 0 and game.types[u.kind].range >= 3)
    target = unit(game, "r1")
    place(game, **{shooter.label: "C3", "r1": "F3"})  # open ground between, target in the open
    fire = game.parse_action(f"{shooter.label} x r1")
    need = game.types[shooter.kind].hit_on
    assert game.describe_action(fire) == f"hits on {need}+"
    events = game.apply(fire)
    assert shooter.seen
    (roll,) = [e for e in events if e.kind == "roll"]
    assert roll.data["need"] == need
    assert (not target.alive) == (roll.data["result"] >= need)


def test_hr5_a_decoy_may_not_fire() -> None:
    game = new_game(1)
    decoy = next(u for u in game.units if u.side == 0 and u.kind == "decoy")
    place(game, **{decoy.label: "E3", "r1": "F3"})
    illegal = game.check(game.parse_action(f"{decoy.label} x r1"))
    assert illegal is not None and illegal.rule == "HR-5"


def test_hr6_losing_the_command_unit_loses_and_time_compares_values() -> None:
    game = new_game(1)
    command = next(u for u in game.units if u.side == 1 and game.types[u.kind].command)
    command.alive = False
    game._outcome_known = False
    outcome = game.outcome()
    assert outcome is not None and outcome.winners == (0,) and "HR-6" in outcome.reason
    game = new_game(1)
    next(u for u in game.units if u.side == 1 and u.kind == "tank").alive = False
    game.ply = 2 * game.turns
    game._outcome_known = False
    outcome = game.outcome()
    assert outcome is not None and outcome.winners == (0,) and outcome.score == (8.0, 5.0)


def test_a_clone_shares_the_board_and_unit_types_and_copies_the_markers() -> None:
    """Issue 25.2 as the example uses it: mutate one copy, the other is unchanged."""
    game = new_game(2)
    copy = game.clone()
    assert copy.board is game.board and copy.types is game.types
    copy.units[0].cell = copy.board.parse("E4")
    copy.apply(copy.legal_actions()[0])
    assert game.units[0].cell != copy.units[0].cell and not game.history and game.player == 0


def test_determinize_deals_only_the_unseen_markers_again_and_drops_the_history() -> None:
    game = new_game(5)
    place(game, b1="D3", r4="E3")
    game.apply(game.parse_action("hold"))  # after any decision, r4 beside b1 is spotted (HR-4)
    assert unit(game, "r4").seen
    sample = game.determinize(0, 99)
    assert sample.history == [] and sample._initial is None
    assert sorted(secret_of(sample, 1)) == sorted(secret_of(game, 1))
    assert unit(sample, "r4").kind == unit(game, "r4").kind  # seen: not dealt again
    assert secret_of(sample, 0) == secret_of(game, 0)


@pytest.mark.parametrize("seats", [("random", "random"), ("greedy", "random"), ("mcts", "greedy")])
def test_whole_games_end_within_max_decisions_and_their_records_replay(seats: tuple[str, str]) -> None:
    from tanktable_hexrecon import RULESET

    from core.ai.agents import GreedyAgent, RandomAgent
    from core.ai.mcts import MCTSAgent
    from core.record import dump_record, make_record, parse_record, replay

    make = {"random": RandomAgent, "greedy": GreedyAgent,
            "mcts": lambda seed: MCTSAgent(seed, think=None, iterations=20)}
    for seed in (1, 2):
        game = RULESET.new_game(None, None, seed)
        agents = [make[kind](seed * 10 + p) for p, kind in enumerate(seats)]
        while game.outcome() is None:
            assert len(game.history) < game.max_decisions()
            game.apply(agents[game.to_move()].choose(game))
        assert len(game.history) <= game.max_decisions() == 32
        record = parse_record(dump_record(make_record(game, RULESET, None, seed)))
        replayed = replay(record, RULESET, verify=True)
        assert replayed.render(None) == game.render(None) and replayed.outcome() == game.outcome()


def test_hr1_hr6_a_scenario_is_checked_against_its_map_and_units_at_its_lines(tmp_path: Path) -> None:
    """A hex off the map, two markers on one hex, a side without its command unit and a
    count that does not match: each reported at its line by the plugin's check."""
    from tanktable_hexrecon.data_kinds import DATA

    from core.errors import DataError

    path = tmp_path / "bad.yaml"
    path.write_text("ruleset: hex-recon\nkind: scenario\nname: Bad\nmap: ridge\ncards: standard\nturns: 4\n"
                    "blue: {hexes: [A1, A1, Z9], units: [command, tank, scout]}\n"
                    "red: {hexes: [I1, I2], units: [tank]}\n")
    with pytest.raises(DataError) as caught:
        DATA.load("scenario", str(path))
    assert [str(p).split("/")[-1] for p in caught.value.problems] == [
        "bad.yaml:7:20: A1 is taken or impassable (HR-1)",
        "bad.yaml:7:24: Z9 is off the map (A1..I7)",
        "bad.yaml:8:31: a side has exactly one command unit (HR-6)",
        "bad.yaml:8:31: one unit a hex: 2 hexes, 1 units (HR-1)",
    ]
